import { CircularProgress, Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';

export type ScanOltLook = 'idle' | 'pending' | 'done' | 'hit' | 'error';

/** An OLT's part of a scan at a glance: waiting (spinner), answered (tick), failed (mark, with why). */
export function ScanOltIcon({ look, error }: { look: ScanOltLook; error?: string | null }) {
  switch (look) {
    case 'pending':
      return <CircularProgress size={16} aria-label="Waiting for the OLT's answer" />;
    case 'done':
      return <CheckCircleIcon fontSize="small" color="success" titleAccess="Answered" />;
    case 'hit':
      return <CheckCircleIcon fontSize="small" color="primary" titleAccess="Answered with data" />;
    case 'error':
      return (
        <Tooltip title={error || 'Failed'}>
          <ErrorOutlineIcon
            fontSize="small"
            color="error"
            titleAccess={`Failed: ${error || 'no reason given'}`}
          />
        </Tooltip>
      );
    default:
      return <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.disabled' }} aria-hidden />;
  }
}
