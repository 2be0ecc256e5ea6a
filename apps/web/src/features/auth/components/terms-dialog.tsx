import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

/** The terms come from the provider's content service, which PonDesk does not have yet. */
export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Terms and Conditions</DialogTitle>
      <DialogContent>
        <Alert severity="info" variant="outlined">
          The full text of the terms and conditions is not available here yet. Ask your PonDesk provider for a
          copy before you accept them.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
