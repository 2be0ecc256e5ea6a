import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  InputAdornment,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import {
  ALERT_CHANNEL_KINDS,
  ALERT_CHANNEL_KIND_LABELS,
  ALERT_CHANNEL_NAME_MAX,
  ALERT_CHANNEL_RATE,
  type AlertChannel,
  type AlertChannelKind,
} from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import {
  SECRET_LABELS,
  channelFormErrors,
  channelFormFrom,
  channelServerErrors,
  toChannelInput,
  usesDeviceIds,
  type ChannelFormErrors,
  type ChannelFormField,
  type ChannelFormValues,
} from '../channel-form';
import { useSaveAlertChannel } from '../hooks';
import { ChipsField } from './chips-field';

type TextName = Exclude<ChannelFormField, 'kind' | 'enabled' | 'useDeviceIds' | 'chatIds' | 'recipients'>;

const SECRET_HELP: Record<AlertChannelKind, string> = {
  telegram: 'From @BotFather, e.g. 123456:ABC-DEF…; stored encrypted, never shown again',
  whatsapp: 'A WhatsApp Cloud API access token; stored encrypted, never shown again',
  webhook: 'Signs each body with HMAC-SHA256; stored encrypted, never shown again',
};

/**
 * Add / Edit of a channel; the fields follow its kind. The secret is never sent back, so on Edit its
 * field starts blank and a blank one keeps the stored secret. Mounted per opening.
 */
export function ChannelFormDialog({
  channel,
  onClose,
}: {
  channel: AlertChannel | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveAlertChannel();
  const editing = !!channel;
  const saving = save.isPending;
  const [values, setValues] = useState<ChannelFormValues>(() => channelFormFrom(channel));
  const [errors, setErrors] = useState<ChannelFormErrors>({});

  const set = <F extends ChannelFormField>(key: F, value: ChannelFormValues[F]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const field = (key: TextName, label: string, helper?: string) => ({
    name: key,
    label,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    disabled: saving,
    error: !!errors[key],
    helperText: errors[key] ?? helper,
    fullWidth: true,
    size: 'small' as const,
    slotProps: { htmlInput: { 'data-testid': `channel-${key}`, spellCheck: false } },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const problems = channelFormErrors(values, editing);
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: channel?.id ?? null, body: toChannelInput(values) },
      {
        onSuccess: (saved) => {
          toast.success(editing ? `Channel ${saved.name} updated` : `Channel ${saved.name} added`);
          onClose();
        },
        onError: (error) => {
          setErrors(channelServerErrors(fieldErrorsOf(error)));
          toast.error(
            messageOf(error, editing ? 'Failed to update the channel' : 'Failed to add the channel'),
          );
        },
      },
    );
  };

  const kind = values.kind;
  const secretLabel = SECRET_LABELS[kind];

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="channel-form-title"
    >
      <form noValidate onSubmit={submit} data-testid="channel-form">
        <DialogTitle id="channel-form-title">{editing ? `Edit ${channel.name}` : 'Add channel'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField
                select
                name="kind"
                label="Kind"
                value={kind}
                onChange={(e) => set('kind', e.target.value as AlertChannelKind)}
                // Another kind needs another secret: a channel keeps its kind (delete and add instead).
                disabled={saving || editing}
                helperText={errors.kind ?? (editing ? 'A channel keeps its kind' : undefined)}
                error={!!errors.kind}
                fullWidth
                size="small"
                slotProps={{ htmlInput: { 'data-testid': 'channel-kind' } }}
              >
                {ALERT_CHANNEL_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {ALERT_CHANNEL_KIND_LABELS[k]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 7 }}>
              <TextField
                {...field('name', 'Name')}
                required
                autoFocus
                slotProps={{
                  htmlInput: { 'data-testid': 'channel-name', maxLength: ALERT_CHANNEL_NAME_MAX },
                }}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...field(
                  'secret',
                  secretLabel,
                  editing
                    ? `Leave blank to keep the stored ${kind === 'webhook' ? 'secret' : 'token'}`
                    : SECRET_HELP[kind],
                )}
                type="password"
                required={!editing}
                autoComplete="new-password"
              />
            </Grid>
            {kind === 'telegram' && (
              <Grid size={12}>
                <ChipsField
                  label="Chat ids"
                  value={values.chatIds}
                  onChange={(v) => set('chatIds', v)}
                  error={errors.chatIds}
                  helperText="A user or group id (e.g. -1001234567890) or @channel; Enter or a comma adds it"
                  disabled={saving}
                  testId="channel-chatIds"
                />
              </Grid>
            )}
            {kind === 'whatsapp' && (
              <>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    {...field('phoneNumberId', 'Phone number id', 'The sending number’s id (Cloud API)')}
                    required
                    inputMode="numeric"
                  />
                </Grid>
                <Grid size={12}>
                  <ChipsField
                    label="Recipients"
                    value={values.recipients}
                    onChange={(v) => set('recipients', v)}
                    error={errors.recipients}
                    helperText="Numbers in international form, digits only (e.g. 8801712345678)"
                    disabled={saving}
                    testId="channel-recipients"
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 8 }}>
                  <TextField
                    {...field(
                      'templateName',
                      'Template name',
                      'An approved template with one body parameter (the alert text)',
                    )}
                    required
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField {...field('languageCode', 'Language', 'e.g. en, en_US')} required />
                </Grid>
              </>
            )}
            {kind === 'webhook' && (
              <Grid size={12}>
                <TextField
                  {...field('url', 'URL', 'Each alert is POSTed here as JSON, signed with the secret')}
                  required
                  type="url"
                />
              </Grid>
            )}
            {usesDeviceIds(kind) && (
              <Grid size={12}>
                <FormControlLabel
                  label={`Also send to each OLT's own ${ALERT_CHANNEL_KIND_LABELS[kind]} id`}
                  control={
                    <Switch
                      checked={values.useDeviceIds}
                      onChange={(e) => set('useDeviceIds', e.target.checked)}
                      disabled={saving}
                      data-testid="channel-useDeviceIds"
                    />
                  }
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('ratePerMinute', 'Rate limit', 'Faster alerts are grouped into fewer messages')}
                inputMode="numeric"
                slotProps={{
                  htmlInput: {
                    'data-testid': 'channel-ratePerMinute',
                    min: ALERT_CHANNEL_RATE.min,
                    max: ALERT_CHANNEL_RATE.max,
                  },
                  input: { endAdornment: <InputAdornment position="end">/ min</InputAdornment> },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormControlLabel
                label="Enabled"
                control={
                  <Switch
                    checked={values.enabled}
                    onChange={(e) => set('enabled', e.target.checked)}
                    disabled={saving}
                    data-testid="channel-enabled"
                  />
                }
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton loading={saving} data-testid="channel-save">
            Save
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
