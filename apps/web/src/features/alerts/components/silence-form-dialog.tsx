import { useState, type FormEvent } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  InputAdornment,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { SILENCE_TARGET_TYPES, type SilenceTargetType } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useCreateSilence, useSilenceTargets } from '../hooks';
import {
  SILENCE_MAX_MINUTES,
  SILENCE_PRESETS,
  SILENCE_REASON_MAX,
  SILENCE_TARGET_LABELS,
  silenceFormDefaults,
  silenceFormErrors,
  silenceServerErrors,
  toSilenceInput,
  type SilenceFormErrors,
  type SilenceFormField,
  type SilenceFormValues,
  type SilencePreset,
} from '../silence-form';

const PLURAL: Record<SilenceTargetType, string> = { olt: 'OLTs', switch: 'switches', pop: 'POPs' };

/** A maintenance window: no alert of the target is sent while it lasts (they are still recorded). */
export function SilenceFormDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const create = useCreateSilence();
  const saving = create.isPending;
  const [values, setValues] = useState<SilenceFormValues>(() => silenceFormDefaults(Date.now()));
  const [errors, setErrors] = useState<SilenceFormErrors>({});
  const targets = useSilenceTargets(values.targetType);
  const label = SILENCE_TARGET_LABELS[values.targetType];

  const set = <F extends SilenceFormField>(key: F, value: SilenceFormValues[F]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const problems = silenceFormErrors(values, Date.now());
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      return;
    }
    create.mutate(toSilenceInput(values), {
      onSuccess: (s) => {
        toast.success(`Alerts of ${s.targetName} silenced`);
        onClose();
      },
      onError: (error) => {
        setErrors(silenceServerErrors(fieldErrorsOf(error)));
        toast.error(messageOf(error, 'Failed to add the silence'));
      },
    });
  };

  const options = targets.options ?? [];
  const selected = options.find((o) => o.id === values.targetId) ?? null;
  const targetHelper =
    errors.targetId ??
    (targets.error
      ? `Could not load the ${PLURAL[values.targetType]}: ${targets.error.message}`
      : `Alerts of this ${label} are recorded but not sent while the silence lasts`);

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="silence-title"
    >
      <form noValidate onSubmit={submit} data-testid="silence-form">
        <DialogTitle id="silence-title">Add silence</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                select
                name="targetType"
                label="Target type"
                value={values.targetType}
                onChange={(e) => {
                  setValues((v) => ({ ...v, targetType: e.target.value as SilenceTargetType, targetId: '' }));
                  setErrors((er) => ({ ...er, targetType: undefined, targetId: undefined }));
                }}
                disabled={saving}
                autoFocus
                fullWidth
                size="small"
                slotProps={{ htmlInput: { 'data-testid': 'silence-targetType' } }}
              >
                {SILENCE_TARGET_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {SILENCE_TARGET_LABELS[t]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <Autocomplete
                options={options}
                value={selected}
                onChange={(_, o) => set('targetId', o?.id ?? '')}
                getOptionLabel={(o) => o.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={targets.loading}
                disabled={saving}
                noOptionsText={targets.error ? 'Could not load the list' : `No ${PLURAL[values.targetType]}`}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={label}
                    required
                    size="small"
                    error={!!errors.targetId || !!targets.error}
                    helperText={targetHelper}
                    slotProps={{
                      ...params.slotProps,
                      htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'silence-target' },
                    }}
                  />
                )}
              />
            </Grid>
            <Grid size={12}>
              <RadioGroup
                row
                name="mode"
                value={values.mode}
                onChange={(e) => set('mode', e.target.value as SilenceFormValues['mode'])}
              >
                <FormControlLabel
                  value="duration"
                  control={<Radio />}
                  label="From now, for"
                  disabled={saving}
                />
                <FormControlLabel
                  value="window"
                  control={<Radio />}
                  label="Scheduled window"
                  disabled={saving}
                />
              </RadioGroup>
            </Grid>
            {values.mode === 'duration' ? (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    name="preset"
                    label="Duration"
                    value={values.preset}
                    onChange={(e) => set('preset', e.target.value as SilencePreset)}
                    disabled={saving}
                    fullWidth
                    size="small"
                    slotProps={{ htmlInput: { 'data-testid': 'silence-preset' } }}
                  >
                    {SILENCE_PRESETS.map((p) => (
                      <MenuItem key={p.key} value={p.key}>
                        {p.label}
                      </MenuItem>
                    ))}
                    <MenuItem value="custom">Custom…</MenuItem>
                  </TextField>
                </Grid>
                {values.preset === 'custom' && (
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextField
                      name="customMinutes"
                      label="Minutes"
                      value={values.customMinutes}
                      onChange={(e) => set('customMinutes', e.target.value)}
                      disabled={saving}
                      error={!!errors.customMinutes}
                      helperText={errors.customMinutes ?? `Up to ${SILENCE_MAX_MINUTES} (7 days)`}
                      inputMode="numeric"
                      fullWidth
                      size="small"
                      slotProps={{
                        htmlInput: { 'data-testid': 'silence-minutes' },
                        input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
                      }}
                    />
                  </Grid>
                )}
              </>
            ) : (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    type="datetime-local"
                    name="startsAt"
                    label="From"
                    value={values.startsAt}
                    onChange={(e) => set('startsAt', e.target.value)}
                    disabled={saving}
                    error={!!errors.startsAt}
                    helperText={errors.startsAt}
                    fullWidth
                    size="small"
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'silence-from' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    type="datetime-local"
                    name="endsAt"
                    label="Until"
                    value={values.endsAt}
                    onChange={(e) => set('endsAt', e.target.value)}
                    disabled={saving}
                    error={!!errors.endsAt}
                    helperText={errors.endsAt}
                    fullWidth
                    size="small"
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { 'data-testid': 'silence-until', min: values.startsAt || undefined },
                    }}
                  />
                </Grid>
              </>
            )}
            <Grid size={12}>
              <TextField
                name="reason"
                label="Reason"
                value={values.reason}
                onChange={(e) => set('reason', e.target.value)}
                disabled={saving}
                error={!!errors.reason}
                helperText={errors.reason ?? 'Optional, e.g. fibre splicing on the north feeder'}
                fullWidth
                size="small"
                slotProps={{ htmlInput: { maxLength: SILENCE_REASON_MAX, 'data-testid': 'silence-reason' } }}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton loading={saving} data-testid="silence-save">
            Silence
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
