import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { PlainText } from '../../content/components/plain-text';
import { usePublicContent } from '../../content/hooks';
import { termsTitleOf, textParagraphs } from '../../content/terms';

/** The platform's terms (title and plain-text content), read when the dialog first opens. */
export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const content = usePublicContent(open);
  const terms = content.data?.terms;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      scroll="paper"
      aria-labelledby="terms-title"
    >
      <DialogTitle id="terms-title">{termsTitleOf(terms)}</DialogTitle>
      <DialogContent dividers data-testid="terms-dialog-content">
        {content.isPending ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <CircularProgress size={28} aria-label="Loading the terms" />
          </Box>
        ) : content.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void content.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load the terms and conditions: {content.error.message}
          </Alert>
        ) : terms && textParagraphs(terms.content).length ? (
          <PlainText text={terms.content} testId="terms-text" />
        ) : (
          <Typography color="text.secondary" data-testid="terms-empty">
            The terms and conditions are not set up yet. Ask your PonDesk provider for a copy before you
            accept them.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
