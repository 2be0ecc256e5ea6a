/** A form's messages, one per field. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

export const hasErrors = (errors: FormErrors<string>): boolean => Object.values(errors).some(Boolean);

/**
 * A 400's field errors under the form's inputs: a field the form has keeps its name, an API name the
 * form shows differently (`monthlyPricePoisha` → `price`) goes through `aliases`; others are dropped (the
 * toast carries the server's message).
 */
export function serverErrorsFor<F extends string>(
  fields: Record<string, string>,
  formFields: readonly F[],
  aliases: Partial<Record<string, F>> = {},
): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const [name, message] of Object.entries(fields)) {
    const top = name.replace(/^body\./, '').split(/[.[]/)[0];
    const field = aliases[top] ?? formFields.find((f) => f === top);
    if (field) errors[field] ??= message;
  }
  return errors;
}

/** At most `max` characters, or the message saying so. */
export const tooLong = (value: string, max: number): string | undefined =>
  value.trim().length > max ? `At most ${max} characters` : undefined;

/** A whole number within bounds typed into a text field, or null. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}
