import {
  CONTENT_LIMITS,
  CONTENT_PHONE_PATTERN,
  type CompanyLinks,
  type OtherProduct,
  type OtherProductInput,
  type SupportContact,
  type TermsContent,
  type UpdateEvent,
  type UpdateEventInput,
} from '@pondesk/contracts';
import { isEmail, safeLink, telHref } from '../content/links';
import { fromLocalInput, toLocalInput } from '../switches/history-range';
import { serverErrorsFor, tooLong, wholeNumber, type FormErrors } from './form-errors';

const LINK_RULE = 'Enter an https:// link or a path on this server (/…)';

/** Empty is allowed (nothing is shown); otherwise a safe link (the API's rule) within the length limit. */
function optionalLink(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  return tooLong(text, CONTENT_LIMITS.link) ?? (safeLink(text) ? undefined : LINK_RULE);
}

const compact = <F extends string>(e: FormErrors<F>): FormErrors<F> =>
  Object.fromEntries(Object.entries(e).filter(([, m]) => m)) as FormErrors<F>;

// ---------- support ----------

export type SupportFormErrors = FormErrors<keyof SupportContact>;

export function supportFormErrors(v: SupportContact): SupportFormErrors {
  const phone = v.phone.trim();
  const email = v.email.trim();
  return compact({
    phone:
      tooLong(phone, CONTENT_LIMITS.phone) ??
      (phone && (!CONTENT_PHONE_PATTERN.test(phone) || !telHref(phone))
        ? 'Only digits, +, spaces and dashes'
        : undefined),
    email:
      tooLong(email, CONTENT_LIMITS.email) ??
      (email && !isEmail(email) ? 'Enter a valid email address' : undefined),
    chatLink: optionalLink(v.chatLink),
  });
}

export const toSupportInput = (v: SupportContact): SupportContact => ({
  phone: v.phone.trim(),
  email: v.email.trim(),
  chatLink: v.chatLink.trim(),
});

export const supportServerErrors = (fields: Record<string, string>): SupportFormErrors =>
  serverErrorsFor(fields, ['phone', 'email', 'chatLink'] as const);

// ---------- terms ----------

export type TermsFormErrors = FormErrors<keyof TermsContent>;

export function termsFormErrors(v: TermsContent): TermsFormErrors {
  return compact({
    title: tooLong(v.title, CONTENT_LIMITS.termsTitle),
    content:
      v.content.length > CONTENT_LIMITS.termsContent
        ? `At most ${CONTENT_LIMITS.termsContent} characters`
        : undefined,
  });
}

export const toTermsInput = (v: TermsContent): TermsContent => ({
  title: v.title.trim(),
  content: v.content.trim(),
});

export const termsServerErrors = (fields: Record<string, string>): TermsFormErrors =>
  serverErrorsFor(fields, ['title', 'content'] as const);

// ---------- company links ----------

export type CompanyFormErrors = FormErrors<keyof CompanyLinks>;

export function companyFormErrors(v: CompanyLinks): CompanyFormErrors {
  return compact({
    companyName: tooLong(v.companyName, CONTENT_LIMITS.name),
    facebookPage: optionalLink(v.facebookPage),
    playStoreApp: optionalLink(v.playStoreApp),
  });
}

export const toCompanyInput = (v: CompanyLinks): CompanyLinks => ({
  companyName: v.companyName.trim(),
  facebookPage: v.facebookPage.trim(),
  playStoreApp: v.playStoreApp.trim(),
});

export const companyServerErrors = (fields: Record<string, string>): CompanyFormErrors =>
  serverErrorsFor(fields, ['companyName', 'facebookPage', 'playStoreApp'] as const);

// ---------- other services ----------

export interface ProductFormValues {
  name: string;
  description: string;
  photoUrl: string;
  link: string;
  sortOrder: string;
}
export type ProductFormErrors = FormErrors<keyof ProductFormValues>;
export const PRODUCT_MAX_ORDER = 9999;

export const productFormOf = (p: OtherProduct | null): ProductFormValues =>
  p
    ? {
        name: p.name,
        description: p.description,
        photoUrl: p.photoUrl,
        link: p.link,
        sortOrder: String(p.sortOrder),
      }
    : { name: '', description: '', photoUrl: '', link: '', sortOrder: '0' };

export function productFormErrors(v: ProductFormValues): ProductFormErrors {
  return compact({
    name: v.name.trim() ? tooLong(v.name, CONTENT_LIMITS.name) : 'Please enter the service name',
    description: tooLong(v.description, CONTENT_LIMITS.description),
    photoUrl: optionalLink(v.photoUrl),
    link: v.link.trim() ? optionalLink(v.link) : 'Please enter the link the Open button goes to',
    sortOrder:
      wholeNumber(v.sortOrder, 0, PRODUCT_MAX_ORDER) === null
        ? `A whole number from 0 to ${PRODUCT_MAX_ORDER}`
        : undefined,
  });
}

export const toProductInput = (v: ProductFormValues): OtherProductInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
  photoUrl: v.photoUrl.trim(),
  link: v.link.trim(),
  sortOrder: Number(v.sortOrder.trim()),
});

export const productServerErrors = (fields: Record<string, string>): ProductFormErrors =>
  serverErrorsFor(fields, ['name', 'description', 'photoUrl', 'link', 'sortOrder'] as const);

// ---------- update events ----------

/** `datetime-local` text (the browser's time zone) for an ISO instant; '' when it is not one. */
export function isoToLocalInput(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? '' : toLocalInput(ms);
}

/** The ISO instant of `datetime-local` text, or null when the text is not a full date and time. */
export function localInputToIso(text: string): string | null {
  const ms = fromLocalInput(text.trim());
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export interface EventFormValues {
  note: string;
  description: string;
  reportLink: string;
  /** `datetime-local` text. */
  startsAt: string;
  endsAt: string;
}
export type EventFormErrors = FormErrors<keyof EventFormValues>;

const HOUR_MS = 3_600_000;
/** The original kept an event up for five days; a new one runs that long unless changed. */
export const EVENT_DEFAULT_DAYS = 5;

export function eventFormOf(e: UpdateEvent | null, now: number): EventFormValues {
  if (e)
    return {
      note: e.note,
      description: e.description,
      reportLink: e.reportLink,
      startsAt: isoToLocalInput(e.startsAt),
      endsAt: isoToLocalInput(e.endsAt),
    };
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    note: '',
    description: '',
    reportLink: '',
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(start + EVENT_DEFAULT_DAYS * 24 * HOUR_MS),
  };
}

export function eventFormErrors(v: EventFormValues): EventFormErrors {
  const from = localInputToIso(v.startsAt);
  const until = localInputToIso(v.endsAt);
  return compact({
    note: v.note.trim() ? tooLong(v.note, CONTENT_LIMITS.note) : 'Please enter the update note',
    description: tooLong(v.description, CONTENT_LIMITS.description),
    reportLink: optionalLink(v.reportLink),
    startsAt: from ? undefined : 'Enter when the event starts',
    endsAt: !until
      ? 'Enter when the event ends'
      : from && Date.parse(until) <= Date.parse(from)
        ? 'The end must be after the start'
        : undefined,
  });
}

/** The API's input from values that passed `eventFormErrors`. */
export const toEventInput = (v: EventFormValues): UpdateEventInput => ({
  note: v.note.trim(),
  description: v.description.trim(),
  reportLink: v.reportLink.trim(),
  startsAt: localInputToIso(v.startsAt) ?? '',
  endsAt: localInputToIso(v.endsAt) ?? '',
});

export const eventServerErrors = (fields: Record<string, string>): EventFormErrors =>
  serverErrorsFor(fields, ['note', 'description', 'reportLink', 'startsAt', 'endsAt'] as const);

export type EventState = 'scheduled' | 'running' | 'ended';

/** Where an event stands at `now`: it shows while startsAt <= now < endsAt. */
export function eventState(e: Pick<UpdateEvent, 'startsAt' | 'endsAt'>, now: number): EventState {
  if (now < Date.parse(e.startsAt)) return 'scheduled';
  return now < Date.parse(e.endsAt) ? 'running' : 'ended';
}

/** Newest start first. */
export const sortEvents = (rows: readonly UpdateEvent[]): UpdateEvent[] =>
  [...rows].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
