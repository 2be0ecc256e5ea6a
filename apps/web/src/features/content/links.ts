import { isContentLink, type CompanyLinks, type SupportContact } from '@pondesk/contracts';

/**
 * An address the console may put in an `href` or `src`: an https URL, or a path on this server — the
 * contracts' `isContentLink`, the rule the API saves them by. Anything else (javascript:, data:, http:,
 * `//host`, garbage) is `null` and is not rendered.
 */
export function safeLink(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return text && isContentLink(text) ? text : null;
}

/** `tel:` for a phone number written with spaces, dashes or brackets; null without enough digits. */
export function telHref(phone: string | null | undefined): string | null {
  const text = (phone ?? '').trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${text.startsWith('+') ? '+' : ''}${digits}`;
}

/** A plain address: nothing a `mailto:` link would read as headers (`?`, `&`) or a second address. */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export const isEmail = (value: string): boolean => EMAIL.test(value.trim());

/** `mailto:` for a plain address; null for anything else (no subject or body smuggled in). */
export function mailtoHref(email: string | null | undefined): string | null {
  const text = (email ?? '').trim();
  return isEmail(text) ? `mailto:${text}` : null;
}

export type ContactKind = 'phone' | 'email' | 'chat';

export interface ContactItem {
  kind: ContactKind;
  label: string;
  text: string;
  href: string;
}

/** The support panel's contact lines, only those configured and safe to link. */
export function contactItems(support: SupportContact | null | undefined): ContactItem[] {
  if (!support) return [];
  const items: ContactItem[] = [];
  const tel = telHref(support.phone);
  if (tel) items.push({ kind: 'phone', label: 'Phone', text: support.phone.trim(), href: tel });
  const mail = mailtoHref(support.email);
  if (mail) items.push({ kind: 'email', label: 'Email', text: support.email.trim(), href: mail });
  const chat = safeLink(support.chatLink);
  if (chat) items.push({ kind: 'chat', label: 'Chat', text: 'Chat with us', href: chat });
  return items;
}

export type CompanyLinkKind = 'facebook' | 'play-store';

export interface CompanyLinkItem {
  kind: CompanyLinkKind;
  label: string;
  href: string;
}

/** The Facebook page and the Play Store app, only those configured as safe links. */
export function companyLinkItems(company: CompanyLinks | null | undefined): CompanyLinkItem[] {
  if (!company) return [];
  const items: CompanyLinkItem[] = [];
  const facebook = safeLink(company.facebookPage);
  if (facebook) items.push({ kind: 'facebook', label: 'Facebook page', href: facebook });
  const playStore = safeLink(company.playStoreApp);
  if (playStore) items.push({ kind: 'play-store', label: 'Get the app on Google Play', href: playStore });
  return items;
}
