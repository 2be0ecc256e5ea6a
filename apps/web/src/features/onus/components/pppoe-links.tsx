import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography, type SxProps, type Theme } from '@mui/material';

export const graphPath = (pppoe: string) => `/graph/${encodeURIComponent(pppoe)}`;

/**
 * Each PPPoE id of an ONU, linking to its page (as plain text where `linked` is false: a shared view has
 * no PPPoE pages); the description when there is none. `wrap` lets a long id break (in a table cell with
 * a capped width) instead of widening its column.
 */
export function PppoeLinks({
  ids,
  description,
  wrap = false,
  linked = true,
}: {
  ids: string[];
  description?: string | null;
  wrap?: boolean;
  linked?: boolean;
}) {
  if (!ids.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {description || '—'}
      </Typography>
    );
  const idSx: SxProps<Theme> = wrap ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' };
  if (!linked)
    return (
      <Stack spacing={0.25}>
        {ids.map((id) => (
          <Typography key={id} variant="body2" sx={idSx}>
            {id}
          </Typography>
        ))}
      </Stack>
    );
  return (
    <Stack spacing={0.25}>
      {ids.map((id) => (
        <Link key={id} component={RouterLink} to={graphPath(id)} variant="body2" sx={idSx}>
          {id}
        </Link>
      ))}
    </Stack>
  );
}
