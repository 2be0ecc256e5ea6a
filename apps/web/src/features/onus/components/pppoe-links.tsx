import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';

export const graphPath = (pppoe: string) => `/graph/${encodeURIComponent(pppoe)}`;

/**
 * Each PPPoE id of an ONU, linking to its page; the description when there is none. `wrap` lets a long id
 * break (in a table cell with a capped width) instead of widening its column.
 */
export function PppoeLinks({
  ids,
  description,
  wrap = false,
}: {
  ids: string[];
  description?: string | null;
  wrap?: boolean;
}) {
  if (!ids.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {description || '—'}
      </Typography>
    );
  return (
    <Stack spacing={0.25}>
      {ids.map((id) => (
        <Link
          key={id}
          component={RouterLink}
          to={graphPath(id)}
          variant="body2"
          sx={wrap ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}
        >
          {id}
        </Link>
      ))}
    </Stack>
  );
}
