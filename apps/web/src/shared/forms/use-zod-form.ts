import { useEffect, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { fieldErrorsOf } from '../ui/errors';

/**
 * When a form's messages appear:
 * - 'submit': all at once on submit; editing a field takes its message away until the next submit;
 * - 'touch': a field is checked once it has been left, then as it changes (and every field on submit).
 */
export type CheckTiming = 'submit' | 'touch';

/**
 * A react-hook-form bound to a contracts schema, with the timing the console's forms share. The
 * schema comes as its factory (contracts build schemas on call) and is built once per form.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  buildSchema: () => S,
  defaultValues: DefaultValues<z.input<S>>,
  timing: CheckTiming = 'submit',
) {
  const [schema] = useState(buildSchema);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: timing === 'touch' ? 'onTouched' : 'onSubmit',
    reValidateMode: timing === 'touch' ? 'onChange' : 'onSubmit',
    // Forms focus (or not) as they always have; see the OLT form.
    shouldFocusError: false,
  });
  const { watch, clearErrors } = form;
  useEffect(() => {
    if (timing !== 'submit') return;
    const sub = watch((_, { name, type }) => {
      if (type === 'change' && name) clearErrors(name);
    });
    return () => sub.unsubscribe();
  }, [timing, watch, clearErrors]);
  return form;
}

/** Puts the server's 400 `fields` under the inputs of the same name. */
export function showServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown): void {
  for (const [field, message] of Object.entries(fieldErrorsOf(error)))
    setError(field as Path<T>, { type: 'server', message });
}
