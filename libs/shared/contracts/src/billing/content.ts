/**
 * The platform's own content, edited by the platform administrator and served read-only to tenants
 * (and, for terms and company links, to guests on the sign-in and sign-up pages).
 */

/** The support panel (top bar Shortcuts → Support). */
export interface SupportContact {
  phone: string;
  email: string;
  /** A chat link (WhatsApp `https://wa.me/…`, Messenger, …). */
  chatLink: string;
}

/** 'Other services' in the support panel. */
export interface OtherProduct {
  id: string;
  name: string;
  description: string;
  /** An https image address (or a path on this server). */
  photoUrl: string;
  link: string;
  sortOrder: number;
}

export interface OtherProductInput {
  name: string;
  description: string;
  photoUrl: string;
  link: string;
  sortOrder: number;
}

export interface TermsContent {
  title: string;
  /** Plain text; paragraphs separated by blank lines. */
  content: string;
}

/** Social and app links on /login and sign-up. Empty strings are not shown. */
export interface CompanyLinks {
  companyName: string;
  facebookPage: string;
  playStoreApp: string;
}

/** The 'update event' popup: shown to signed-in users while active and not yet closed by them. */
export interface UpdateEvent {
  id: string;
  note: string;
  description: string;
  reportLink: string;
  /** ISO timestamps; the popup shows while startsAt <= now < endsAt. */
  startsAt: string;
  endsAt: string;
}

export interface UpdateEventInput {
  note: string;
  description: string;
  reportLink: string;
  startsAt: string;
  endsAt: string;
}

/** Everything a tenant's console reads at once (Shortcuts, Support). */
export interface TenantContent {
  support: SupportContact;
  products: OtherProduct[];
}

/** Guest pages (/login, /register, sign-up): terms and company links, no sign-in needed. */
export interface PublicContent {
  terms: TermsContent;
  company: CompanyLinks;
}

export const CONTENT_LIMITS = {
  phone: 20,
  email: 120,
  link: 500,
  name: 120,
  description: 2000,
  termsTitle: 200,
  termsContent: 50000,
  note: 200,
} as const;

/** Links and image addresses in the platform's content: https, or a path on this server. */
export const CONTENT_LINK_RULE = 'must be an https:// address or a path on this server starting with /';

/**
 * True for `https://host/…` (no credentials, no spaces) or a server path `/…` (not `//…`, which a browser
 * reads as another host). Anything else (http, javascript:, data:) is refused: these links are shown to
 * every tenant.
 */
export function isContentLink(value: string): boolean {
  if (value.includes('\\') || hasControlOrSpace(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
}

function hasControlOrSpace(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** The support phone: digits, +, spaces and dashes (empty: not shown). */
export const CONTENT_PHONE_PATTERN = /^[0-9+ -]*$/;
export const CONTENT_PHONE_RULE = 'may contain only digits, +, spaces and dashes';

/** Defaults shown while the platform administrator has saved nothing. */
export const DEFAULT_TERMS_TITLE = 'Terms and Conditions';
