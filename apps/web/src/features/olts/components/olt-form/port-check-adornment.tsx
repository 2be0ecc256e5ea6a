import { InputAdornment } from '@mui/material';
import type { CheckState } from '../../port-checks';
import { PortCheckIcon } from '../port-check-status';

/** The check's icon at the end of the address and port inputs it reads. */
export const checkAdornment = (check: CheckState) => ({
  input: {
    endAdornment: (
      <InputAdornment position="end">
        <PortCheckIcon check={check} />
      </InputAdornment>
    ),
  },
});
