import './zod-jitless';
import { z } from 'zod';
import { EMAIL_PATTERN } from '../validation/patterns';
import { VALIDATION_MESSAGES as M } from '../identity/messages';

/**
 * Rules for form fields held as typed text. Forms keep what the user typed (strings) and map to the
 * request body after validation, so numbers are checked as text here.
 */

/** A whole number in [min, max], or null when the text is not one. */
export function parseInteger(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^-?\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** A decimal number in [min, max], or null when the text is not one. */
export function parseDecimal(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

export const parsePort = (text: string): number | null => parseInteger(text, 1, 65535);

export const PORT_MESSAGE = 'must be a port number (1–65535)';
export const REQUIRED_MESSAGE = 'is required';
export const maxCharsMessage = (max: number): string => `must be at most ${max} characters`;

const isBlank = (s: string): boolean => !s.trim();

/** Text that must not be blank. */
export const requiredText = (message: string) => z.string().refine((s) => !isBlank(s), message);

/** Text of at most `max` characters, as typed (spaces count). */
export const maxChars = (max: number) => z.string().max(max, maxCharsMessage(max));

/**
 * Text that must parse with `parse` (e.g. a bounded integer) when filled in. Blank text is accepted,
 * or refused with `requiredMessage` when one is given.
 */
export function numberText(
  parse: (text: string) => number | null,
  message: string,
  requiredMessage?: string,
) {
  return z.string().superRefine((s, ctx) => {
    if (isBlank(s)) {
      if (requiredMessage) ctx.addIssue({ code: 'custom', message: requiredMessage });
    } else if (parse(s) === null) ctx.addIssue({ code: 'custom', message });
  });
}

/** The browser's quick email check, with the messages the server answers with. */
export const emailText = () =>
  z.string().superRefine((s, ctx) => {
    if (isBlank(s)) ctx.addIssue({ code: 'custom', message: M.emailRequired });
    else if (!EMAIL_PATTERN.test(s.trim())) ctx.addIssue({ code: 'custom', message: M.emailInvalid });
  });
