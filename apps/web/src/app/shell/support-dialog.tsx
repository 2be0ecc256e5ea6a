import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

/** The support panel: its phone, mail and services come with the billing work; say so plainly. */
export function SupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Support</DialogTitle>
      <DialogContent>
        <Alert severity="info" variant="outlined">
          Support contact details and other services are not available yet.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
