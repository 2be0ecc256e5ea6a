import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControlLabel,
  FormHelperText,
  Grid,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  ALERT_KIND_LABELS,
  DEGRADING_CROSSING_DBM,
  INFO_ALERT_KINDS,
  ONU_DOWN_REASONS,
  ONU_DOWN_REASON_LABELS,
  type AlertRule,
  type OnuDownReasonCode,
} from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useSaveAlertRule } from '../hooks';
import {
  RULE_PARAM_FIELDS,
  ruleFormErrors,
  ruleFormFrom,
  ruleServerErrors,
  toRuleUpdate,
  type RuleFormErrors,
  type RuleFormField,
  type RuleFormValues,
} from '../rule-form';

const RULE_DESCRIPTIONS: Record<AlertRule['kind'], string> = {
  'pon-outage':
    'One alert for a PON when many of its ONUs go down together (a power cut or a fibre cut), and one recovery when most are back.',
  'onu-down':
    'One alert per ONU that goes down for one of the chosen reasons. Off by default: subscribers switch their ONUs off at night.',
  'olt-unreachable': 'The OLT stops answering its polls, and again when it is back.',
  'signal-degrading': `Once a day per OLT: the ONUs whose received power falls steadily and would cross ${DEGRADING_CROSSING_DBM} dBm soon.`,
  'onu-signal':
    "An online ONU receiving less than its OLT's Db Alert Range (set on the OLT form), for the minimum duration; again when it is 1 dB above it.",
  'switch-port':
    "A switch port's link going down, or its received power falling below the switch's alert level; again when it is back.",
  'server-down':
    'A watched server not answering its pings, or slower than its latency limit (IP monitor); again when it is back.',
  'pop-power':
    "A POP's mains going off (its electric source silent): it runs on generator or batteries; again when the mains is back.",
  'payment-due':
    "An OLT's or switch's package about to expire, once; and once more when it has expired (device actions stop after 7 days of grace).",
};

type TextFieldName = Exclude<RuleFormField, 'enabled' | 'notifyRecovery' | 'reasons'>;

const unit = (text: string): { input: { endAdornment: ReactNode } } => ({
  input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> },
});

/** One rule: enabled, how long the condition must hold, recovery, and its kind's thresholds; saved alone. */
export function RuleCard({ rule }: { rule: AlertRule }) {
  const toast = useToast();
  const save = useSaveAlertRule();
  const kind = rule.kind;
  const [values, setValues] = useState<RuleFormValues>(() => ruleFormFrom(rule));
  const [errors, setErrors] = useState<RuleFormErrors>({});
  const saving = save.isPending;
  const info = INFO_ALERT_KINDS.includes(kind);
  const shows = (f: RuleFormField) => RULE_PARAM_FIELDS[kind].includes(f);

  const set = <F extends RuleFormField>(key: F, value: RuleFormValues[F]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const text = (key: TextFieldName, label: string, helper: string, inputUnit?: string) => (
    <TextField
      name={key}
      label={label}
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      disabled={saving}
      error={!!errors[key]}
      helperText={errors[key] ?? helper}
      inputMode="decimal"
      size="small"
      fullWidth
      slotProps={{
        ...(inputUnit ? unit(inputUnit) : {}),
        htmlInput: { 'data-testid': `rule-${kind}-${key}` },
      }}
    />
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const problems = ruleFormErrors(kind, values);
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { kind, body: toRuleUpdate(kind, values) },
      {
        onSuccess: (saved) => {
          setValues(ruleFormFrom(saved));
          setErrors({});
          toast.success(`${ALERT_KIND_LABELS[kind]} rule saved`);
        },
        onError: (error) => {
          setErrors(ruleServerErrors(fieldErrorsOf(error)));
          toast.error(messageOf(error, `Failed to save the ${ALERT_KIND_LABELS[kind]} rule`));
        },
      },
    );
  };

  const half = { xs: 12, sm: 6 } as const;

  return (
    <Card variant="outlined" data-testid={`rule-card-${kind}`} sx={{ height: '100%' }}>
      <form noValidate onSubmit={submit} aria-labelledby={`rule-title-${kind}`}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2" id={`rule-title-${kind}`}>
              {ALERT_KIND_LABELS[kind]}
            </Typography>
            <FormControlLabel
              label={values.enabled ? 'Enabled' : 'Disabled'}
              labelPlacement="start"
              control={
                <Switch
                  checked={values.enabled}
                  onChange={(e) => set('enabled', e.target.checked)}
                  disabled={saving}
                  slotProps={{ input: { 'aria-label': `${ALERT_KIND_LABELS[kind]} enabled` } }}
                  data-testid={`rule-${kind}-enabled`}
                />
              }
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {RULE_DESCRIPTIONS[kind]}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={half}>
              {text(
                'minDurationMinutes',
                'Minimum duration',
                'How long it must last before the alert fires (0: at once)',
                'min',
              )}
            </Grid>
            <Grid size={half}>
              {info ? (
                <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
                  Information only: there is no recovery message.
                </Typography>
              ) : (
                <FormControlLabel
                  label="Notify recovery"
                  control={
                    <Switch
                      checked={values.notifyRecovery}
                      onChange={(e) => set('notifyRecovery', e.target.checked)}
                      disabled={saving}
                      data-testid={`rule-${kind}-notifyRecovery`}
                    />
                  }
                />
              )}
            </Grid>
            {shows('minOnus') && (
              <Grid size={half}>
                {text('minOnus', 'Minimum ONUs', 'At least this many ONUs of one PON go down…')}
              </Grid>
            )}
            {shows('minSharePct') && (
              <Grid size={half}>
                {text('minSharePct', 'Minimum share', '…and they are at least this share of the PON', '%')}
              </Grid>
            )}
            {shows('windowMinutes') && (
              <Grid size={half}>
                {text('windowMinutes', 'Window', '…within this many minutes of each other', 'min')}
              </Grid>
            )}
            {shows('recoveredSharePct') && (
              <Grid size={half}>
                {text(
                  'recoveredSharePct',
                  'Recovered share',
                  'The outage is over when this share of them is back',
                  '%',
                )}
              </Grid>
            )}
            {shows('reasons') && (
              <Grid size={12}>
                <TextField
                  select
                  name="reasons"
                  label="Reasons"
                  value={values.reasons}
                  onChange={(e) => {
                    const v = e.target.value as unknown as string | OnuDownReasonCode[];
                    set('reasons', (typeof v === 'string' ? v.split(',') : v) as OnuDownReasonCode[]);
                  }}
                  disabled={saving}
                  error={!!errors.reasons}
                  helperText={errors.reasons ?? 'Only ONUs down for one of these reasons raise an alert'}
                  size="small"
                  fullWidth
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (
                        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                          {(selected as OnuDownReasonCode[]).map((r) => (
                            <Chip key={r} size="small" label={ONU_DOWN_REASON_LABELS[r] ?? r} />
                          ))}
                        </Stack>
                      ),
                    },
                    htmlInput: { 'data-testid': `rule-${kind}-reasons` },
                  }}
                >
                  {ONU_DOWN_REASONS.map((r) => (
                    <MenuItem key={r} value={r}>
                      {ONU_DOWN_REASON_LABELS[r]}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            )}
            {shows('minDeclineDbPerDay') && (
              <Grid size={half}>
                {text(
                  'minDeclineDbPerDay',
                  'Minimum decline',
                  'Rx falling at least this fast over the last 7 days…',
                  'dB/day',
                )}
              </Grid>
            )}
            {shows('horizonDays') && (
              <Grid size={half}>
                {text(
                  'horizonDays',
                  'Horizon',
                  `…and crossing ${DEGRADING_CROSSING_DBM} dBm within this many days`,
                  'days',
                )}
              </Grid>
            )}
            {shows('daysBefore') && (
              <Grid size={half}>
                {text(
                  'daysBefore',
                  'Days before',
                  'Remind this many days before the package expires',
                  'days',
                )}
              </Grid>
            )}
          </Grid>
          {(errors.enabled || errors.notifyRecovery) && (
            <FormHelperText error>{errors.enabled ?? errors.notifyRecovery}</FormHelperText>
          )}
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
          <SubmitButton loading={saving} data-testid={`rule-${kind}-save`}>
            Save
          </SubmitButton>
        </CardActions>
      </form>
    </Card>
  );
}
