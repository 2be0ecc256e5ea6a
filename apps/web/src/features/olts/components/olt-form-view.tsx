import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Grid,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import { OLT_BRANDS, OLT_BRAND_LABELS, OLT_MODES, type OltDetail } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useBranches, useOltCatalogue, usePortChecks } from '../hooks';
import {
  serverFieldErrors,
  validateOltForm,
  type ClearableSecret,
  type OltFormErrors,
  type OltFormField,
  type OltFormMode,
  type OltFormValues,
  type SecretClears,
} from '../olt-form';
import { canCreate, canUpdate, checkKey, validity } from '../port-checks';
import { PortCheckIcon, PortCheckStatus } from './port-check-status';
import { ProbePanel } from './probe-panel';

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

function Section({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Grid container spacing={2}>
          {children}
        </Grid>
        {footer}
      </CardContent>
    </Card>
  );
}

/** The Add and Edit OLT form: sections, port checks as the addresses change, Test Get Port. */
export function OltFormView({ mode, initial, detail, submitLabel, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<OltFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<OltFormField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<OltFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [clears, setClears] = useState<SecretClears>({});
  const [submitting, setSubmitting] = useState(false);

  const catalogue = useOltCatalogue();
  const branches = useBranches();
  const checks = usePortChecks(
    checkKey(values.host, values.telnetPort),
    checkKey(values.mikrotikHost, values.mikrotikPort),
  );

  const clientErrors = useMemo(() => validateOltForm(values, mode), [values, mode]);
  const errorOf = (field: OltFormField): string | undefined =>
    serverErrors[field] ?? (attempted || touched[field] ? clientErrors[field] : undefined);

  const set = (change: Partial<OltFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    setServerErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(change) as OltFormField[]) delete next[k];
      return next;
    });
  };

  const field = (
    name: OltFormField,
    label: string,
    { inputMode, slotProps, ...extra }: Partial<TextFieldProps> & { inputMode?: 'numeric' | 'decimal' } = {},
  ): TextFieldProps => ({
    id: `olt-${name}`,
    name,
    label,
    value: values[name],
    onChange: (e) => set({ [name]: e.target.value } as Partial<OltFormValues>),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: !!errorOf(name),
    fullWidth: true,
    size: 'small',
    slotProps: { ...slotProps, htmlInput: { inputMode } },
    ...extra,
    helperText: errorOf(name) ?? extra.helperText,
  });

  const checkAdornment = (target: 'olt' | 'mikrotik') => ({
    input: {
      endAdornment: (
        <InputAdornment position="end">
          <PortCheckIcon check={checks[target]} />
        </InputAdornment>
      ),
    },
  });

  const stored: Record<Exclude<ClearableSecret, 'snmpWriteCommunity'>, boolean> = {
    password: !!detail?.hasPassword,
    enablePassword: !!detail?.hasEnablePassword,
    mikrotikPassword: !!detail?.hasMikrotikPassword,
  };

  const secret = (
    name: ClearableSecret | 'snmpCommunity',
    label: string,
    { required = false, md = 4 }: { required?: boolean; md?: number } = {},
  ) => {
    const isEdit = mode === 'edit';
    const known = name === 'snmpCommunity' ? true : name === 'snmpWriteCommunity' ? null : stored[name];
    const clearing = name !== 'snmpCommunity' && !!clears[name];
    let helper: string | undefined;
    if (isEdit && clearing) helper = 'will be removed when you update';
    else if (isEdit && known === true) helper = 'stored — leave empty to keep';
    else if (isEdit && known === null) helper = 'leave empty to keep the stored value, if any';
    const props = field(name, label, {
      type: 'password',
      autoComplete: 'new-password',
      required: required && !isEdit,
      disabled: clearing,
      helperText: helper,
      value: clearing ? '' : values[name],
    });
    return (
      <Grid size={{ xs: 12, sm: 6, md }}>
        <TextField {...props} />
        {isEdit && name !== 'snmpCommunity' && known !== false && (
          <FormControlLabel
            sx={{ ml: 0 }}
            control={
              <Switch
                size="small"
                checked={clearing}
                onChange={(e) => {
                  setClears((c) => ({ ...c, [name]: e.target.checked }));
                  if (e.target.checked) set({ [name]: '' } as Partial<OltFormValues>);
                }}
              />
            }
            label={<Typography variant="caption">Remove the stored value</Typography>}
          />
        )}
      </Grid>
    );
  };

  const brands =
    catalogue.data?.brands ?? OLT_BRANDS.map((code) => ({ code, label: OLT_BRAND_LABELS[code] }));
  const modes = catalogue.data?.modes ?? OLT_MODES.map((code) => ({ code, label: code.toUpperCase() }));
  const branchOptions = useMemo(() => {
    const list = (branches.data ?? []).map((b) => ({ id: b.id, name: b.name }));
    if (detail?.branchId && !list.some((b) => b.id === detail.branchId))
      list.unshift({ id: detail.branchId, name: detail.branchName ?? 'Current branch' });
    return list;
  }, [branches.data, detail]);

  const allowed = mode === 'create' ? canCreate(checks) : canUpdate(checks);
  const blockedReason =
    mode === 'create'
      ? allowed
        ? null
        : 'Add Olt is enabled once both the OLT and the MikroTik port checks report open.'
      : allowed
        ? null
        : 'Update Olt is disabled while a port check reports closed.';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    setFormError(null);
    if (!allowed || submitting) return;
    if (Object.keys(clientErrors).length) {
      const first = Object.keys(clientErrors)[0];
      document.getElementById(`olt-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values, clears);
    } catch (error) {
      if (error instanceof ApiError) {
        const { errors, other } = serverFieldErrors(error.fields);
        setServerErrors(errors);
        setFormError([error.message, ...other].join(' · '));
      } else setFormError(error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={submitLabel}>
      <Stack spacing={3}>
        <Section
          title="Mikrotik Information"
          footer={
            <PortCheckStatus check={checks.mikrotik} what="MikroTik port" testId="port-check-mikrotik" />
          }
        >
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              {...field('mikrotikHost', 'Mikrotik IP', {
                required: mode === 'create',
                placeholder: '10.0.0.1',
                slotProps: checkAdornment('mikrotik'),
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              {...field('mikrotikPort', 'Mikrotik Port', {
                required: mode === 'create',
                inputMode: 'numeric',
                helperText: 'RouterOS API, usually 8728',
                slotProps: checkAdornment('mikrotik'),
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField {...field('mikrotikUsername', 'User Name', { autoComplete: 'off' })} />
          </Grid>
          {secret('mikrotikPassword', 'Password', { md: 3 })}
        </Section>

        <Section
          title="Olt Information"
          footer={
            <>
              <PortCheckStatus check={checks.olt} what="OLT telnet port" testId="port-check-olt" />
              <Box sx={{ mt: 2 }}>
                <ProbePanel
                  values={values}
                  communityStored={mode === 'edit'}
                  onApply={(change) => set(change)}
                />
              </Box>
            </>
          }
        >
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField {...field('name', 'Olt Name', { required: true })} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...field('code', 'Olt ID', {
                helperText: mode === 'create' ? 'Generated when left empty' : undefined,
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              select
              {...field('branchId', 'Branch', {
                disabled: branches.isError && branchOptions.length === 0,
                helperText: branches.isError
                  ? `Branch list unavailable: ${branches.error.message}`
                  : undefined,
              })}
            >
              <MenuItem value="">No branch</MenuItem>
              {branchOptions.map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...field('host', 'Olt IP', {
                required: true,
                placeholder: '10.0.0.2',
                slotProps: checkAdornment('olt'),
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <TextField
              {...field('telnetPort', 'Telnet Port', {
                required: true,
                inputMode: 'numeric',
                slotProps: checkAdornment('olt'),
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField select {...field('brand', 'Brand', { required: true })}>
              {brands.map((b) => (
                <MenuItem key={b.code} value={b.code}>
                  {b.label}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField select {...field('mode', 'Mode', { required: true })}>
              {modes.map((m) => (
                <MenuItem key={m.code} value={m.code}>
                  {m.label}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <TextField {...field('snmpPort', 'SNMP Port', { required: true, inputMode: 'numeric' })} />
          </Grid>
          {secret('snmpCommunity', 'SNMP Community', { required: true })}
          {secret('snmpWriteCommunity', 'SNMP Write Community')}
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <TextField
              {...field('httpPort', 'HTTP Port', {
                inputMode: 'numeric',
                helperText: values.brand === 'avies' ? 'AVIES web API; 80 when empty' : 'Optional',
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...field('username', 'User Name', { autoComplete: 'off', helperText: 'Telnet login' })}
            />
          </Grid>
          {secret('password', 'Password')}
          {secret('enablePassword', 'Enable Password')}
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...field('pollIntervalSeconds', 'Poll interval (seconds)', {
                required: true,
                inputMode: 'numeric',
                helperText: 'At least 60; 300 is five minutes',
              })}
            />
          </Grid>
          <Grid size={12}>
            <TextField {...field('description', 'Description', { multiline: true, minRows: 2 })} />
          </Grid>
        </Section>

        <Section title="Notifications">
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField {...field('whatsappId', 'WhatsApp ID')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField {...field('telegramId', 'Telegram ID')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              {...field('dataCollectionRatio', 'Data collection ratio', {
                inputMode: 'numeric',
                helperText: '1 to 100',
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              {...field('dbAlertRange', 'dB alert range', {
                inputMode: 'decimal',
                helperText: 'dBm, e.g. -27',
                slotProps: { input: { endAdornment: <InputAdornment position="end">dBm</InputAdornment> } },
              })}
            />
          </Grid>
        </Section>

        {mode === 'create' && (
          <Section title="Others">
            <Grid size={12}>
              <Alert severity="info">
                Billing: the package and number of months are stored with the OLT as entered. Payment is not
                taken here yet; it comes with online billing.
              </Alert>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('billingPackage', 'Billing package', { required: true })} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('billingMonths', 'Months', {
                  required: true,
                  inputMode: 'numeric',
                  helperText: '1 to 36',
                })}
              />
            </Grid>
          </Section>
        )}

        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        {attempted && Object.keys(clientErrors).length > 0 && (
          <Alert severity="warning">Please correct the highlighted fields.</Alert>
        )}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <SubmitButton
            loading={submitting}
            disabled={!allowed || submitting}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {submitLabel}
          </SubmitButton>
          <Button onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          {blockedReason && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {blockedReason}{' '}
              {validity(checks.olt) === false || validity(checks.mikrotik) === false
                ? 'Check the address and port, and that the device is reachable from the worker.'
                : ''}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
