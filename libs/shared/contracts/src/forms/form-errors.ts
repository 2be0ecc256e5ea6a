import type { z } from 'zod';

/**
 * The first message of each top-level field a schema refuses, as a form shows them; empty when the
 * values pass. Forms use a resolver; this is for code and tests that check values directly.
 */
export function formErrors<S extends z.ZodType<object>>(
  schema: S,
  values: z.input<S>,
): Partial<Record<keyof z.input<S> & string, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
