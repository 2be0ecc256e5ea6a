import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';

export const graphPath = (pppoe: string) => `/graph/${encodeURIComponent(pppoe)}`;

/** Each PPPoE id of an ONU, linking to its page; the description when there is none. */
export function PppoeLinks({ ids, description }: { ids: string[]; description?: string | null }) {
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
          sx={{ whiteSpace: 'nowrap' }}
        >
          {id}
        </Link>
      ))}
    </Stack>
  );
}
