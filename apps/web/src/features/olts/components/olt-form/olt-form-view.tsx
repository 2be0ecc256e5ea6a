import { useState, type FormEvent } from 'react';
import { Box, Stack } from '@mui/material';
import { useWatch, type FieldErrors } from 'react-hook-form';
import {
  hasMikrotik,
  oltFormSchema,
  type OltDetail,
  type OltFormField,
  type OltFormMode,
  type OltFormValues,
} from '@pondesk/contracts';
import { useZodForm } from '../../../../shared/forms/use-zod-form';
import { ApiError } from '../../../../shared/http-client';
import { usePortChecks } from '../../hooks';
import { secretsToRetype, serverFieldErrors, type ClearableSecret, type SecretClears } from '../../olt-form';
import { checkKey } from '../../port-checks';
import { BillingSection } from './billing-section';
import { FormActions, submitAllowed } from './form-actions';
import { MikrotikSection } from './mikrotik-section';
import { NotificationsSection } from './notifications-section';
import { OltInfoSection } from './olt-info-section';
import type { ProbeApply } from './probe-panel';
import type { SecretsState } from './secret-field';

interface Props {
  mode: OltFormMode;
  initial: OltFormValues;
  /** The stored OLT when editing: which secrets are stored, its branch name. */
  detail?: OltDetail;
  submitLabel: string;
  /** Rejects with the API's error to show its message and field errors. */
  onSubmit: (values: OltFormValues, clears: SecretClears) => Promise<void>;
  onCancel: () => void;
}

const ADDRESSES = [
  'host',
  'telnetPort',
  'mikrotikHost',
  'mikrotikPort',
  'mikrotikUsername',
  'mikrotikPassword',
] as const;

/** The Add and Edit OLT form: sections, port checks as the addresses change, Test Get Port. */
export function OltFormView({ mode, initial, detail, submitLabel, onSubmit, onCancel }: Props) {
  // A field's message shows once it has been left, and every message after a submit.
  const form = useZodForm(() => oltFormSchema(mode), initial, 'touch');
  const { control, handleSubmit, setError, setValue } = form;
  const { errors, isSubmitted, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [clears, setClears] = useState<SecretClears>({});

  const [host, telnetPort, mikrotikHost, mikrotikPort, mikrotikUsername, mikrotikPassword] = useWatch({
    control,
    name: ADDRESSES,
  });
  const checks = usePortChecks(checkKey(host, telnetPort), checkKey(mikrotikHost, mikrotikPort));
  // On edit: a stored secret whose address or port changed must be typed again (the API insists).
  const current = useWatch({ control }) as OltFormValues;
  const retype = mode === 'edit' && detail ? secretsToRetype(current, initial, detail, clears) : {};
  const withMikrotik = hasMikrotik({ mikrotikHost, mikrotikUsername, mikrotikPassword });
  const allowed = submitAllowed(mode, checks, withMikrotik);

  const replace = (name: OltFormField, value: string) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: true });
  const secrets: SecretsState = {
    mode,
    detail,
    clears,
    retype,
    setClear: (name: ClearableSecret, clear: boolean) => {
      setClears((c) => ({ ...c, [name]: clear }));
      if (clear) replace(name, '');
    },
  };
  const applyProbe: ProbeApply = (change) => {
    if (change.brand) replace('brand', change.brand);
    if (change.mode) replace('mode', change.mode);
  };

  const save = async (values: OltFormValues) => {
    const missing = mode === 'edit' && detail ? secretsToRetype(values, initial, detail, clears) : {};
    const fields = Object.entries(missing);
    if (fields.length) {
      for (const [field, message] of fields) setError(field as OltFormField, { type: 'retype', message });
      document.getElementById(`olt-${fields[0][0]}`)?.focus();
      return;
    }
    try {
      await onSubmit(values, clears);
    } catch (error) {
      if (error instanceof ApiError) {
        const { errors: fields, other } = serverFieldErrors(error.fields);
        for (const [field, message] of Object.entries(fields))
          setError(field as OltFormField, { type: 'server', message });
        setFormError([error.message, ...other].join(' · '));
      } else setFormError(error instanceof Error ? error.message : 'Something went wrong');
    }
  };
  const focusFirst = (found: FieldErrors<OltFormValues>) => {
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`olt-${first}`)?.focus();
  };
  const submit = (e: FormEvent) => {
    setFormError(null);
    if (!allowed || isSubmitting) e.preventDefault();
    else void handleSubmit(save, focusFirst)(e);
  };
  const failsChecks = Object.values(errors).some((e) => e?.type !== 'server');

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={submitLabel}>
      <Stack spacing={3}>
        <MikrotikSection
          control={control}
          check={checks.mikrotik}
          secrets={secrets}
          withMikrotik={withMikrotik}
        />
        <OltInfoSection
          control={control}
          mode={mode}
          detail={detail}
          check={checks.olt}
          secrets={secrets}
          onApplyProbe={applyProbe}
        />
        <NotificationsSection control={control} />
        {mode === 'create' && <BillingSection control={control} />}
        <FormActions
          mode={mode}
          checks={checks}
          withMikrotik={withMikrotik}
          submitLabel={submitLabel}
          submitting={isSubmitting}
          formError={formError}
          showCorrect={isSubmitted && failsChecks}
          onCancel={onCancel}
        />
      </Stack>
    </Box>
  );
}
