import { useState, type FormEvent } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import {
  SWITCH_BRANDS,
  SWITCH_DESCRIPTION_MAX,
  SWITCH_MESSAGES,
  SWITCH_NAME_MAX,
  SWITCH_POLL_MINUTES,
  SWITCH_RX_ALERT_DBM,
  type SwitchRow,
} from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { brandLabel } from '../format';
import {
  useCreateSwitch,
  useDetectBrand,
  useSwitchCatalogue,
  useSwitchCheck,
  useUpdateSwitch,
} from '../hooks';
import { checkText, checkValidity, type SwitchCheckState } from '../switch-check';
import {
  checkRequestOf,
  switchFormErrors,
  switchFormFrom,
  toCreateRequest,
  toUpdateRequest,
  type SwitchFormErrors,
  type SwitchFormField,
  type SwitchFormValues,
} from '../switch-form';

function CheckIcon({ check }: { check: SwitchCheckState }) {
  if (check.phase === 'waiting' || check.phase === 'checking')
    return <CircularProgress size={18} aria-label="Checking SNMP" />;
  const valid = checkValidity(check);
  if (valid === true) return <CheckCircleIcon color="success" fontSize="small" titleAccess="SNMP answered" />;
  if (valid === false) return <CancelIcon color="error" fontSize="small" titleAccess="No SNMP answer" />;
  return <HelpOutlineIcon color="disabled" fontSize="small" titleAccess="Not checked" />;
}

/**
 * Add New / Edit of a switch (spec 3 §2.9). The SNMP Port field shows a live SNMP check of the address
 * as it is typed: valid (green), invalid (red, with the reason) or neutral. Closing drops what was typed
 * (the dialog is mounted per opening).
 */
export function SwitchFormDialog({ row, onClose }: { row: SwitchRow | null; onClose: () => void }) {
  const toast = useToast();
  const editing = !!row;
  const catalogue = useSwitchCatalogue();
  const create = useCreateSwitch();
  const update = useUpdateSwitch();
  const detect = useDetectBrand();
  const saving = create.isPending || update.isPending;
  const [values, setValues] = useState<SwitchFormValues>(() => switchFormFrom(row));
  const [errors, setErrors] = useState<SwitchFormErrors>({});
  const check = useSwitchCheck(checkRequestOf(values, row?.id ?? null));
  const valid = checkValidity(check);

  const set = (key: SwitchFormField, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const field = (key: SwitchFormField) => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    disabled: saving,
    error: !!errors[key],
    fullWidth: true,
    size: 'small' as const,
  });

  const onDetect = () => {
    const request = checkRequestOf(values, row?.id ?? null);
    if (!request) {
      toast.error('Enter the Sw IP, SNMP Community and SNMP Port first');
      return;
    }
    detect.mutate(request, {
      onSuccess: (r) => {
        if (r.status !== 'open')
          toast.error(`No SNMP answer from ${r.ip}:${r.snmpPort}${r.error ? `: ${r.error}` : ''}`);
        else if (!r.brand) toast.error('The device answered, but its optics are not of a brand we can read');
        else {
          set('brand', r.brand);
          toast.success(`Detected: ${brandLabel(r.brand)}`);
        }
      },
      onError: (error) => toast.error(messageOf(error, 'The detection failed')),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const problems = switchFormErrors(values, editing);
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      return;
    }
    const onError = (error: unknown) => {
      setErrors(fieldErrorsOf(error) as SwitchFormErrors);
      const failed = editing ? SWITCH_MESSAGES.updateFailed : SWITCH_MESSAGES.createFailed;
      toast.error(`${failed} ${messageOf(error, '')}`.trim());
    };
    if (row)
      update.mutate(
        { id: row.id, body: toUpdateRequest(values) },
        {
          onSuccess: () => {
            toast.success(SWITCH_MESSAGES.updated);
            onClose();
          },
          onError,
        },
      );
    else
      create.mutate(toCreateRequest(values), {
        onSuccess: () => {
          toast.success(SWITCH_MESSAGES.created);
          onClose();
        },
        onError,
      });
  };

  const brands = catalogue.data?.brands ?? SWITCH_BRANDS.map((b) => ({ code: b.code, label: b.label }));
  const packages = catalogue.data?.billingPackages ?? [];
  const billing =
    values.billingPackage && !packages.includes(values.billingPackage)
      ? [values.billingPackage, ...packages]
      : packages;
  const olts = catalogue.data?.olts ?? [];
  const oltChoices =
    row?.oltId && !olts.some((o) => o.id === row.oltId)
      ? [{ id: row.oltId, name: row.oltName ?? row.oltId }, ...olts]
      : olts;
  const portHelper = errors.snmpPort ?? checkText(check);

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="switch-form-title"
    >
      <form noValidate onSubmit={submit} data-testid="switch-form">
        <DialogTitle id="switch-form-title">{editing ? `Edit ${row.name}` : 'Add New Switch'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('ip')}
                label="Sw IP"
                required
                autoFocus
                helperText={errors.ip}
                slotProps={{ htmlInput: { maxLength: 253, spellCheck: false } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('community')}
                label="SNMP Community"
                type="password"
                required={!editing}
                autoComplete="off"
                helperText={
                  errors.community ??
                  (editing
                    ? 'Leave blank to keep the stored community'
                    : 'Stored encrypted; never shown again')
                }
                slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('snmpPort')}
                label="SNMP Port"
                required
                inputMode="numeric"
                error={!!errors.snmpPort || valid === false}
                helperText={
                  <span
                    data-testid="switch-port-check"
                    data-state={errors.snmpPort ? 'field-error' : check.phase}
                  >
                    {portHelper}
                  </span>
                }
                sx={
                  valid === true && !errors.snmpPort
                    ? {
                        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'success.main' },
                        '& .MuiFormHelperText-root': { color: 'success.main' },
                      }
                    : undefined
                }
                slotProps={{
                  htmlInput: { 'data-testid': 'switch-snmp-port' },
                  formHelperText: { 'aria-live': 'polite' },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <CheckIcon check={check} />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('name')}
                label="Switch Name"
                required
                helperText={errors.name}
                slotProps={{ htmlInput: { maxLength: SWITCH_NAME_MAX } }}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...field('description')}
                label="Description"
                multiline
                minRows={2}
                helperText={
                  errors.description ?? 'Name the OLTs this switch feeds to link them on the port graph'
                }
                slotProps={{ htmlInput: { maxLength: SWITCH_DESCRIPTION_MAX } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('whatsappId')} label="Whatsapp Id" helperText={errors.whatsappId} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('telegramId')} label="Telegram Id" helperText={errors.telegramId} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('dataCollectionRatio')}
                label="Data Collection Ratio"
                inputMode="numeric"
                helperText={
                  errors.dataCollectionRatio ??
                  `Minutes between polls (${SWITCH_POLL_MINUTES.min}–${SWITCH_POLL_MINUTES.max})`
                }
                slotProps={{ input: { endAdornment: <InputAdornment position="end">min</InputAdornment> } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('dbAlertRange')}
                label="Db Alert Range"
                inputMode="decimal"
                helperText={
                  errors.dbAlertRange ??
                  `Rx below this is critical (${SWITCH_RX_ALERT_DBM.min} to ${SWITCH_RX_ALERT_DBM.max})`
                }
                slotProps={{ input: { endAdornment: <InputAdornment position="end">dBm</InputAdornment> } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField {...field('brand')} select label="Brands" required helperText={errors.brand}>
                  {brands.map((b) => (
                    <MenuItem key={b.code} value={b.code}>
                      {b.label}
                    </MenuItem>
                  ))}
                </TextField>
                <Button
                  variant="outlined"
                  onClick={onDetect}
                  disabled={saving || detect.isPending}
                  sx={{ height: 40, flexShrink: 0 }}
                >
                  {detect.isPending ? 'Detecting…' : 'Detect'}
                </Button>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('billingPackage')}
                select
                label="Billing"
                helperText={errors.billingPackage}
              >
                <MenuItem value="">None</MenuItem>
                {billing.map((p) => (
                  <MenuItem key={p} value={p}>
                    {p}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('oltId')}
                select
                label="OLT"
                helperText={errors.oltId ?? 'The OLT this switch serves'}
              >
                <MenuItem value="">None</MenuItem>
                {oltChoices.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton loading={saving}>{editing ? 'Update' : 'Submit'}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
