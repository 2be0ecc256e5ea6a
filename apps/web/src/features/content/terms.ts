import { DEFAULT_TERMS_TITLE, type TermsContent } from '@pondesk/contracts';

/**
 * Plain text as paragraphs: blank lines (spaces allowed) separate them; single line breaks stay inside
 * a paragraph. Never parsed as HTML.
 */
export function textParagraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export const termsTitleOf = (terms: TermsContent | null | undefined): string =>
  terms?.title.trim() || DEFAULT_TERMS_TITLE;
