import type { ReactNode } from 'react';
import { Alert, AlertTitle } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import type { OnuDetail } from '@pondesk/contracts';
import { formatDateTime, formatDistance } from '../../onus';
import { FieldGrid } from '../../../shared/ui/field-grid';

/**
 * Spec 2 §2.1's offline notice, as a banner on the page rather than a dialog: the operator reads it and
 * goes on using the page (the saved data and the chart are right below it).
 */
export function OfflineNotice({
  pppoe,
  onu,
  onClose,
}: {
  pppoe: string;
  onu: OnuDetail;
  onClose: () => void;
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
    <Alert
      severity="warning"
      icon={<CloudOffIcon />}
      onClose={onClose}
      slotProps={{ closeButton: { title: 'Hide this notice' } }}
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
      data-testid="offline-notice"
      role="status"
    >
      <AlertTitle sx={{ overflowWrap: 'anywhere' }}>
        {pppoe} is currently offline. Displaying previously saved data.
      </AlertTitle>
      <FieldGrid
        items={rows}
        columns={{ xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }}
        sx={{ columnGap: 2, rowGap: 0.5 }}
      />
    </Alert>
  );
}
