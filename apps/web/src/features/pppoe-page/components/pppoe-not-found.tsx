import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';

/** A PPPoE id no visible ONU carries (unknown, or on an OLT the user may not see: the API says 404 for both). */
export function PppoeNotFound({ pppoe, back }: { pppoe: string; back: { to: string; label: string } }) {
  const navigate = useNavigate();
  // The first entry of a tab (a pasted link) has nowhere to go back to.
  const canGoBack = useLocation().key !== 'default';
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }} data-testid="pppoe-not-found">
      <SearchOffIcon color="disabled" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        No ONU carries the PPPoE ID {pppoe}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 560, mx: 'auto' }}>
        Check the spelling, or find the subscriber with the PPPoE search in the top bar. The id may also be on
        an OLT you are not permitted to see, or its ONU has not been polled yet.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        {canGoBack && (
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
            Back
          </Button>
        )}
        <Button component={RouterLink} to={back.to} variant="contained">
          Go to {back.label}
        </Button>
      </Stack>
    </Box>
  );
}
