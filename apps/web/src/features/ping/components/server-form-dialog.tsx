import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import {
  LATENCY_LIMIT_MAX_MS,
  PING_MESSAGES,
  SERVER_LOGO_MAX_BYTES,
  SERVER_NAME_MAX,
  type MonitorServer,
} from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useSaveServer } from '../hooks';
import {
  LOGO_ACCEPT,
  logoProblem,
  serverFormErrors,
  serverFormFrom,
  toServerFormData,
  type ServerFormField,
  type ServerFormValues,
} from '../server-form';

/** A chosen file's preview address, released when the file changes or the dialog closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/**
 * Add New / Edit of a server (spec 3 §2.10): name, IP, Latency Limit and a logo image (preview at most
 * 100 px wide). While it saves every input and the submit button are disabled and it cannot be closed.
 */
export function ServerFormDialog({ server, onClose }: { server: MonitorServer | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveServer();
  const saving = save.isPending;
  const [values, setValues] = useState<ServerFormValues>(() => serverFormFrom(server));
  const [errors, setErrors] = useState<Partial<Record<ServerFormField, string>>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = usePreview(values.logo);
  const shownLogo = preview ?? (values.removeLogo ? null : (server?.logoUrl ?? null));

  const set = <K extends keyof ServerFormValues>(key: K, value: ServerFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onLogo = (file: File | undefined) => {
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      setErrors((e) => ({ ...e, logo: problem }));
      return;
    }
    setErrors((e) => ({ ...e, logo: undefined }));
    setValues((v) => ({ ...v, logo: file, removeLogo: false }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    // An edit must name the server it changes.
    if (server && !server.id) {
      toast.error(PING_MESSAGES.serverIdMissing);
      return;
    }
    const problems = serverFormErrors(values);
    if (Object.values(problems).some(Boolean)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: server?.id ?? null, form: toServerFormData(values, !!server) },
      {
        onSuccess: () => {
          toast.success(server ? PING_MESSAGES.serverUpdated : PING_MESSAGES.serverCreated);
          onClose();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors({
            name: fields.name,
            ip: fields.ip,
            latencyLimitMs: fields.latencyLimitMs,
            logo: fields.logo ?? fields.removeLogo,
          });
          toast.error(messageOf(error, PING_MESSAGES.saveFailed));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="server-form-title"
    >
      <form noValidate onSubmit={submit} data-testid="server-form">
        <DialogTitle id="server-form-title">{server ? 'Edit Server' : 'Add New Server'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              name="name"
              required
              autoFocus
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              disabled={saving}
              error={!!errors.name}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: SERVER_NAME_MAX } }}
            />
            <TextField
              label="IP"
              name="ip"
              required
              value={values.ip}
              onChange={(e) => set('ip', e.target.value)}
              disabled={saving}
              error={!!errors.ip}
              helperText={errors.ip ?? 'The address pinged every second, e.g. 8.8.8.8'}
              slotProps={{ htmlInput: { maxLength: 15, inputMode: 'decimal', spellCheck: false } }}
            />
            <TextField
              label="Latency Limit"
              name="latencyLimitMs"
              type="number"
              required
              value={values.latencyLimitMs}
              onChange={(e) => set('latencyLimitMs', e.target.value)}
              disabled={saving}
              error={!!errors.latencyLimitMs}
              helperText={errors.latencyLimitMs ?? 'Slower replies turn the card red'}
              slotProps={{
                htmlInput: { min: 1, max: LATENCY_LIMIT_MAX_MS, step: 1 },
                input: { endAdornment: <InputAdornment position="end">ms</InputAdornment> },
              }}
            />
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Logo (optional)
              </Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                {shownLogo && (
                  <Box
                    component="img"
                    src={shownLogo}
                    alt="Logo preview"
                    data-testid="server-logo-preview"
                    sx={{ maxWidth: 100, maxHeight: 100, objectFit: 'contain' }}
                  />
                )}
                <input
                  ref={fileInput}
                  type="file"
                  accept={LOGO_ACCEPT}
                  hidden
                  aria-label="Logo file"
                  data-testid="server-logo-input"
                  disabled={saving}
                  onChange={(e) => {
                    onLogo(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<ImageIcon />}
                  disabled={saving}
                  onClick={() => fileInput.current?.click()}
                >
                  {shownLogo ? 'Change logo' : 'Choose logo'}
                </Button>
                {shownLogo && (
                  <Button
                    size="small"
                    color="error"
                    disabled={saving}
                    onClick={() => setValues((v) => ({ ...v, logo: null, removeLogo: !!server?.logoUrl }))}
                  >
                    Remove logo
                  </Button>
                )}
              </Stack>
              <FormHelperText error={!!errors.logo} data-testid="server-logo-error">
                {errors.logo ??
                  `An image: PNG, JPEG, GIF or WebP, at most ${Math.round(SERVER_LOGO_MAX_BYTES / 1024)} KB`}
              </FormHelperText>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton loading={saving}>{server ? 'Update' : 'Submit'}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
