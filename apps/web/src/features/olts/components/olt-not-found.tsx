import { Box, Button, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router-dom';

/** What an unknown, deleted or not-permitted OLT id shows (the API answers 404 for all three). */
export function OltNotFound() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="olt-not-found">
      <SearchOffIcon color="disabled" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="p" gutterBottom>
        Olt Id Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This OLT does not exist, was deleted, or is not in your permitted OLT list.
      </Typography>
      <Button component={RouterLink} to="/olt-list" variant="contained">
        Back to Olt List
      </Button>
    </Box>
  );
}
