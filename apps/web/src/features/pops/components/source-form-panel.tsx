import { useState } from 'react';
import { InputAdornment, MenuItem, TextField } from '@mui/material';
import {
  POP_ALIVE_MINUTES_MAX,
  POP_SOURCE_TYPE_LABELS,
  POP_SOURCE_TYPES,
  type PopSourceRow,
  type PopSourceType,
} from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { usePopOptions, useSavePopSource } from '../hooks';
import {
  hasErrors,
  sourceFormErrors,
  sourceFormFrom,
  toSourceRequest,
  type FormErrors,
  type SourceField,
  type SourceFormValues,
} from '../pop-forms';
import { SidePanel } from './side-panel';

/** The Pop List's side panel: IP Address, Pop Alive Time, Pop and Type (spec 3 §2.12). */
export function SourceFormPanel({ source, onClose }: { source: PopSourceRow | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSavePopSource();
  const pops = usePopOptions();
  const [values, setValues] = useState<SourceFormValues>(() => sourceFormFrom(source));
  const [errors, setErrors] = useState<FormErrors<SourceField>>({});
  const busy = save.isPending;
  const set = (key: SourceField, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const options = pops.data ?? [];
  const current =
    source && !options.some((p) => p.id === source.popId) ? [{ id: source.popId, name: source.popName }] : [];
  const noPops = pops.isSuccess && options.length === 0;

  const submit = () => {
    const problems = sourceFormErrors(values);
    if (hasErrors(problems)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: source?.id ?? null, body: toSourceRequest(values) },
      {
        onSuccess: () => {
          toast.success(source ? 'Power source updated successfully!' : 'Power source added successfully!');
          onClose();
        },
        onError: (error) => {
          const f = fieldErrorsOf(error);
          setErrors({ ip: f.ip, aliveMinutes: f.aliveMinutes, popId: f.popId, type: f.type });
          toast.error(
            messageOf(
              error,
              source ? 'Failed to update the power source.' : 'Failed to add the power source.',
            ),
          );
        },
      },
    );
  };

  return (
    <SidePanel
      title={source ? 'Edit Pop' : 'Add New Pop'}
      editing={!!source}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      testId="source-form"
    >
      <TextField
        label="IP Address"
        name="ip"
        required
        autoFocus
        value={values.ip}
        onChange={(e) => set('ip', e.target.value)}
        disabled={busy}
        error={!!errors.ip}
        helperText={errors.ip ?? 'A device on this power circuit that answers ping'}
        slotProps={{ htmlInput: { maxLength: 15, inputMode: 'decimal', spellCheck: false } }}
      />
      <TextField
        label="Pop Alive Time"
        name="aliveMinutes"
        type="number"
        value={values.aliveMinutes}
        onChange={(e) => set('aliveMinutes', e.target.value)}
        disabled={busy}
        error={!!errors.aliveMinutes}
        helperText={errors.aliveMinutes ?? 'How long it may stay silent before it counts as down'}
        slotProps={{
          htmlInput: { min: 0, max: POP_ALIVE_MINUTES_MAX, step: 1 },
          input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
        }}
      />
      <TextField
        select
        label="Pop"
        name="popId"
        required
        value={values.popId}
        onChange={(e) => set('popId', e.target.value)}
        disabled={busy}
        error={!!errors.popId || pops.isError || noPops}
        helperText={
          errors.popId ??
          (pops.isError
            ? `Could not load the POPs: ${pops.error.message}`
            : noPops
              ? 'No POP yet: add one on the Area List first.'
              : undefined)
        }
        data-testid="source-form-pop"
      >
        {[...current, ...options].map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Type"
        name="type"
        required
        value={values.type}
        onChange={(e) => set('type', e.target.value as PopSourceType)}
        disabled={busy}
        error={!!errors.type}
        helperText={errors.type ?? 'Gen: on the generator circuit; Elc: on the mains'}
        data-testid="source-form-type"
      >
        {POP_SOURCE_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {POP_SOURCE_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
    </SidePanel>
  );
}
