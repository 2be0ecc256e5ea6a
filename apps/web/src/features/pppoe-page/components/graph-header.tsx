import type { ReactElement } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LayersClearIcon from '@mui/icons-material/LayersClear';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import type { OnuDetail } from '@pondesk/contracts';
import { type OnuAction, SignalReadButton } from '../../onus';
import { PortUsageBar } from './port-usage-bar';
import { StatusBadge } from './status-badge';

function ActionButton({
  label,
  title,
  icon,
  disabled,
  color,
  onClick,
}: {
  label: string;
  title: string;
  icon: ReactElement;
  disabled?: boolean;
  color?: 'error' | 'warning';
  onClick: () => void;
}) {
  return (
    <Tooltip title={title} describeChild>
      {/* A disabled button gets no pointer events; the span keeps the tooltip working. */}
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} color={color}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The PPPoE id with its badge (the live session's state, else the ONU's), Refresh, Get, the port usage
 * bar and the ONU's actions.
 */
export function GraphHeader({
  pppoe,
  onu,
  sessionStatus,
  refreshing,
  onRefresh,
  canChange,
  canClear,
  onAction,
}: {
  pppoe: string;
  onu: OnuDetail | null;
  /** Online/Offline from the live PPP session; null when the router could not be read. */
  sessionStatus: 'online' | 'offline' | null;
  refreshing: boolean;
  onRefresh: () => void;
  canChange: boolean;
  canClear: boolean;
  onAction: (action: OnuAction) => void;
}) {
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {pppoe}
          </Typography>
          {!onu ? (
            <Skeleton variant="rounded" width={84} height={32} />
          ) : sessionStatus ? (
            <>
              {/* The session decides Online/Offline; the ONU's own state stands beside it. */}
              <StatusBadge
                status={sessionStatus}
                testId="graph-status"
                source="session"
                title="The PPP session on the MikroTik router"
                live
              />
              <StatusBadge
                status={onu.status}
                size="small"
                variant="outlined"
                prefix="ONU"
                testId="graph-onu-status"
                source="onu"
                title="The ONU, as the OLT's last poll found it"
              />
            </>
          ) : (
            <StatusBadge status={onu.status} testId="graph-status" source="onu" live />
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            onClick={onRefresh}
            disabled={refreshing || !onu}
            startIcon={refreshing ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
          >
            Refresh
          </Button>
          {onu && <SignalReadButton onuId={onu.id} label={pppoe} />}
          {canChange && (
            <>
              <ActionButton
                label="Reboot"
                title={onu?.status === 'online' ? 'Reboot the ONU' : 'Reboot needs the ONU online'}
                icon={<RestartAltIcon />}
                disabled={!onu || onu.status !== 'online'}
                onClick={() => onAction('reboot')}
              />
              <ActionButton
                label="Edit"
                title="Update Data"
                icon={<EditIcon />}
                disabled={!onu}
                onClick={() => onAction('update')}
              />
              <ActionButton
                label="Delete"
                title="Delete the stored record"
                icon={<DeleteIcon />}
                disabled={!onu}
                color="error"
                onClick={() => onAction('delete')}
              />
            </>
          )}
          {canClear && (
            <ActionButton
              label="Clear"
              title="Clear: delete the ONU on the OLT"
              icon={<LayersClearIcon />}
              disabled={!onu}
              color="error"
              onClick={() => onAction('clear')}
            />
          )}
        </Stack>
      </Stack>
      <Box>{onu ? <PortUsageBar onu={onu} /> : <Skeleton variant="rounded" width={300} height={28} />}</Box>
    </Stack>
  );
}
