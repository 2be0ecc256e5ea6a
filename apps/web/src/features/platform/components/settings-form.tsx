import { useState, type FormEvent } from 'react';
import { Alert, Button, Grid, Skeleton, Stack, TextField } from '@mui/material';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { hasErrors, type FormErrors } from '../form-errors';

export interface SettingsField<V> {
  name: Extract<keyof V, string>;
  label: string;
  helper?: string;
  maxLength: number;
  type?: 'text' | 'email' | 'tel' | 'url';
  /** Rows of a long text (the terms). */
  rows?: number;
  /** Half a row on wide screens. */
  half?: boolean;
}

interface SettingsFormProps<V extends { [K in keyof V]: string }> {
  query: UseQueryResult<V>;
  save: UseMutationResult<V, Error, V>;
  fields: SettingsField<V>[];
  validate: (values: V) => FormErrors<Extract<keyof V, string>>;
  toInput: (values: V) => V;
  serverErrors: (fields: Record<string, string>) => FormErrors<Extract<keyof V, string>>;
  what: string;
  testId: string;
}

/** One of the platform's single-record settings (support, terms, company links): load, edit, Save. */
export function SettingsForm<V extends { [K in keyof V]: string }>(props: SettingsFormProps<V>) {
  const { query, fields, what, testId } = props;
  if (query.isPending)
    return (
      <Stack spacing={2} aria-busy data-testid={`${testId}-loading`}>
        {fields.map((f) => (
          <Skeleton key={f.name} variant="rounded" height={f.rows ? 200 : 56} />
        ))}
      </Stack>
    );
  if (query.isError)
    return (
      <Alert
        severity="error"
        data-testid={`${testId}-error`}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the {what}: {query.error.message}
      </Alert>
    );
  // Keyed by when the data arrived: a refetch after saving starts the form again from the server's values.
  return <LoadedSettingsForm key={query.dataUpdatedAt} {...props} initial={query.data} />;
}

function LoadedSettingsForm<V extends { [K in keyof V]: string }>({
  initial,
  save,
  fields,
  validate,
  toInput,
  serverErrors,
  what,
  testId,
}: SettingsFormProps<V> & { initial: V }) {
  const toast = useToast();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<Extract<keyof V, string>>>({});
  const changed = fields.some((f) => values[f.name] !== initial[f.name]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const problems = validate(values);
    if (hasErrors(problems)) {
      setErrors(problems);
      return;
    }
    save.mutate(toInput(values), {
      onSuccess: () => toast.success(`The ${what} are saved`),
      onError: (error) => {
        setErrors(serverErrors(fieldErrorsOf(error)));
        toast.error(messageOf(error, `Failed to save the ${what}`));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} data-testid={testId}>
      <Grid container spacing={2}>
        {fields.map((f) => (
          <Grid key={f.name} size={{ xs: 12, md: f.half ? 6 : 12 }}>
            <TextField
              name={f.name}
              label={f.label}
              type={f.type ?? 'text'}
              value={values[f.name]}
              onChange={(e) => {
                const value = e.target.value;
                setValues((v) => ({ ...v, [f.name]: value }) as V);
                if (errors[f.name]) setErrors((er) => ({ ...er, [f.name]: undefined }));
              }}
              error={!!errors[f.name]}
              helperText={errors[f.name] ?? f.helper}
              disabled={save.isPending}
              fullWidth
              multiline={!!f.rows}
              minRows={f.rows}
              maxRows={f.rows ? f.rows * 2 : undefined}
              slotProps={{ htmlInput: { maxLength: f.maxLength, 'data-testid': `${testId}-${f.name}` } }}
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setValues(initial);
            setErrors({});
          }}
          disabled={!changed || save.isPending}
        >
          Discard changes
        </Button>
        <SubmitButton loading={save.isPending} data-testid={`${testId}-save`}>
          Save
        </SubmitButton>
      </Stack>
    </form>
  );
}
