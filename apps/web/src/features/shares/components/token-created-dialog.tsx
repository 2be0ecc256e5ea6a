import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { CreatedShareToken } from '@pondesk/contracts';
import { COPY_FAILED, COPY_OK, copyText } from '../../../shared/ui/copy';
import { useToast } from '../../../shared/ui/toast';
import { sharedViewUrl } from '../api';

/**
 * A token just made or set: the only time its whole text is shown (it is stored hashed), with the link
 * that opens the shared view and buttons to copy either.
 */
export function TokenCreatedDialog({
  created,
  title,
  onClose,
}: {
  created: CreatedShareToken | null;
  title: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(COPY_OK);
    else toast.error(COPY_FAILED);
  };
  const link = created ? sharedViewUrl(created.token) : '';
  return (
    <Dialog open={!!created} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: the token is shown only this once. Anyone with the link sees the shared OLTs,
          read-only, until you revoke it.
        </Alert>
        <Stack spacing={2}>
          <TextField
            label="Token"
            value={created?.token ?? ''}
            slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
            onFocus={(e) => e.target.select()}
            data-testid="share-token-value"
          />
          <TextField
            label="Link"
            value={link}
            slotProps={{ input: { readOnly: true } }}
            onFocus={(e) => e.target.select()}
            data-testid="share-token-link"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => created && void copy(created.token)}>
          Copy Token
        </Button>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy(link)}>
          Copy link
        </Button>
        <Button startIcon={<OpenInNewIcon />} href={link} target="_blank" rel="noopener noreferrer">
          Open
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
