import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import type { OnuDetail } from '@pondesk/contracts';
import { formatDateTime, formatDistance } from '../../onus';
import { InfoList } from '../../../shared/ui/info-list';

/** Shown once per visit when the ONU is offline: the page shows what was saved before it went down. */
export function OfflineNoticeDialog({
  open,
  onClose,
  pppoe,
  onu,
}: {
  open: boolean;
  onClose: () => void;
  pppoe: string;
  onu: OnuDetail;
}) {
  const rows: [string, ReactNode][] = [
    ['PPPOE ID', pppoe],
    ['OLT Name', onu.oltName],
    ['VLAN ID', '—'],
    ['Description', onu.description || '—'],
    ['MAC Address', onu.mac ?? onu.serial ?? '—'],
    ['Port Number', onu.ifName],
    ['Last Update', formatDateTime(onu.lastSeenAt)],
    ['Distance', formatDistance(onu.distanceM)],
  ];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="offline-title"
      data-testid="offline-notice"
    >
      <DialogTitle id="offline-title" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <CloudOffIcon color="error" sx={{ mt: 0.5 }} />
        <span>{pppoe} is currently offline. Displaying previously saved data.</span>
      </DialogTitle>
      <DialogContent dividers>
        <InfoList strong items={rows} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
