import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import VpnLockIcon from '@mui/icons-material/VpnLock';
import {
  VPN_ADDED_MESSAGE,
  VPN_NOT_ENABLED_MESSAGE,
  type VpnAccount,
  type VpnState,
} from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { COPY_FAILED, copyText } from '../../../shared/ui/copy';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useAddVpn, useRemoveVpn } from '../hooks';

/** Spec 1 §4: a copy says which field it copied. */
export const copiedMessage = (field: string) => `${field} copied!`;

/** The line under the account: the last answer's message, or why it failed (spec 1 §8). */
export interface VpnLine {
  severity: 'success' | 'error' | 'info';
  text: string;
}

/** The page's Add VPN button: disabled, with the reason, while VPN cannot be added here. */
export function AddVpnButton({
  canManage,
  vpn,
  loading,
  onAdded,
  onFailed,
}: {
  /** The signed-in user holds 2000 (the account's admin). */
  canManage: boolean;
  vpn: VpnState | undefined;
  loading: boolean;
  onAdded: (state: VpnState) => void;
  onFailed: (message: string) => void;
}) {
  const add = useAddVpn();
  const toast = useToast();
  const why = !canManage
    ? "Only the account's administrator can add the VPN"
    : vpn && !vpn.enabled
      ? VPN_NOT_ENABLED_MESSAGE
      : null;
  if (vpn?.account) return null;
  const button = (
    <Button
      variant="outlined"
      startIcon={<VpnLockIcon />}
      disabled={!!why || loading || !vpn || add.isPending}
      onClick={() =>
        add.mutate(undefined, {
          onSuccess: (state) => {
            toast.success(state.message ?? VPN_ADDED_MESSAGE);
            onAdded(state);
          },
          onError: (error) => {
            const message = messageOf(error, 'Could not add the VPN.');
            toast.error(message);
            onFailed(message);
          },
        })
      }
    >
      {add.isPending ? 'Adding VPN…' : 'Add VPN'}
    </Button>
  );
  return why ? (
    <Tooltip title={why}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

function ReadOnlyField({
  label,
  value,
  secret,
  multiline,
  testId,
}: {
  label: string;
  value: string;
  secret?: boolean;
  multiline?: boolean;
  testId: string;
}) {
  const toast = useToast();
  const [shown, setShown] = useState(false);
  const copy = async () => {
    if (await copyText(value)) toast.success(copiedMessage(label));
    else toast.error(COPY_FAILED);
  };
  return (
    <TextField
      label={label}
      value={value}
      type={secret && !shown ? 'password' : 'text'}
      multiline={multiline}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: {
          readOnly: true,
          'data-testid': testId,
          ...(multiline ? { style: { fontFamily: 'monospace' } } : {}),
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {secret && (
                <IconButton
                  aria-label={shown ? `Hide ${label}` : `Show ${label}`}
                  onClick={() => setShown(!shown)}
                  edge="end"
                >
                  {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
                </IconButton>
              )}
              <IconButton aria-label={`Copy ${label}`} onClick={() => void copy()} edge="end">
                <ContentCopyIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function ConnectedChip({ connected }: { connected: boolean | null }) {
  const [label, color] =
    connected === true
      ? (['Connected', 'success'] as const)
      : connected === false
        ? (['Not connected', 'warning'] as const)
        : (['Status unknown', 'default'] as const);
  return (
    <Chip
      size="small"
      label={label}
      color={color}
      data-testid="vpn-connected"
      data-connected={String(connected)}
    />
  );
}

/**
 * The tenant's VPN account once added: the four read-only fields the ISP needs (spec 1 §2 Profile), each
 * with a Copy button, whether its router is dialled in, the last answer's line, and Remove VPN.
 */
export function VpnPanel({
  vpn,
  loading,
  error,
  line,
  onLine,
}: {
  vpn: VpnState | undefined;
  loading: boolean;
  error: Error | null;
  line: VpnLine | null;
  onLine: (line: VpnLine | null) => void;
}) {
  const remove = useRemoveVpn();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const account: VpnAccount | null = vpn?.account ?? null;

  if (loading)
    return (
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Skeleton width="30%" />
          <Skeleton height={48} />
        </CardContent>
      </Card>
    );
  if (!account && !line && !error) return null;

  const removeVpn = () =>
    remove.mutate(undefined, {
      onSuccess: (state) => {
        setConfirming(false);
        if (state.message) toast.success(state.message);
        onLine(state.message ? { severity: 'info', text: state.message } : null);
      },
      onError: (e) => {
        setConfirming(false);
        const message = messageOf(e, 'Could not remove the VPN.');
        toast.error(message);
        onLine({ severity: 'error', text: message });
      },
    });

  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label="VPN" data-testid="vpn-panel">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            VPN
          </Typography>
          {account && <ConnectedChip connected={vpn?.connected ?? null} />}
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Could not load the VPN: {error.message}
          </Alert>
        )}
        {account && (
          <Stack spacing={2}>
            <ReadOnlyField
              label="Connection Name"
              value={account.connectionName}
              testId="vpn-connection-name"
            />
            <ReadOnlyField label="PPPoE Username" value={account.username} testId="vpn-username" />
            <ReadOnlyField label="PPPoE Password" value={account.password} secret testId="vpn-password" />
            <ReadOnlyField label="Command" value={account.command} multiline testId="vpn-command" />
            <Typography variant="body2" color="text.secondary">
              Paste the command into your MikroTik&apos;s terminal: it dials the platform ({account.server},{' '}
              {account.service.toUpperCase()}), so PonDesk reaches your OLTs behind NAT through the tunnel.
            </Typography>
          </Stack>
        )}
        {line && (
          <Alert severity={line.severity} sx={{ mt: 2 }} data-testid="vpn-message">
            {line.text}
          </Alert>
        )}
        {account && vpn?.connected === null && vpn.message && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="vpn-status-message">
            Could not read the connection: {vpn.message}
          </Alert>
        )}
        {account && (
          <Box sx={{ mt: 2 }}>
            <Button
              color="error"
              variant="outlined"
              startIcon={<LinkOffIcon />}
              disabled={remove.isPending}
              onClick={() => setConfirming(true)}
            >
              Remove VPN
            </Button>
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Remove the VPN?"
        text="The account is removed from the platform's concentrator and your router's tunnel ends. OLTs reached through it stop answering until a new VPN is added and its command pasted."
        confirmLabel="Remove VPN"
        busy={remove.isPending}
        onConfirm={removeVpn}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
