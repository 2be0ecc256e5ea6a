import { Link as RouterLink } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { DownCountOnu } from '@pondesk/contracts';
import { graphPath } from '../../onus';
import { SignalHistoryPanel } from '../../pppoe-page';

/** Spec 2 §9: the graph popup is at most 1000 px wide and 80% of the window high. */
const MAX_WIDTH = 1000;

/**
 * The graph popup of a Down Count List row: the ONU's rx history, 'All' or one day, as on the PPPoE
 * page. Loaded on first use (it carries the chart library); a closed popup resets to 'All'.
 */
export default function DownCountGraphDialog({
  open,
  onClose,
  pppoeId,
  onu,
}: {
  open: boolean;
  onClose: () => void;
  pppoeId: string;
  onu: DownCountOnu;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      scroll="paper"
      aria-labelledby="down-count-graph-title"
      data-testid="down-count-graph"
      slotProps={{ paper: { sx: { maxWidth: MAX_WIDTH, maxHeight: '80vh' } } }}
    >
      <DialogTitle id="down-count-graph-title" sx={{ overflowWrap: 'anywhere' }}>
        {pppoeId}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {onu.ifName} on {onu.oltName}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <SignalHistoryPanel onuId={onu.id} pppoe={pppoeId} current={null} />
      </DialogContent>
      <DialogActions sx={{ px: 3 }}>
        <Button component={RouterLink} to={`${graphPath(pppoeId)}?onu=${encodeURIComponent(onu.id)}`}>
          Open the PPPoE page
        </Button>
        <Button onClick={onClose} variant="outlined">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
