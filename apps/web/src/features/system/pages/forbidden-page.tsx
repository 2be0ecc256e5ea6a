import { Box, Button, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { Link as RouterLink } from 'react-router-dom';

export default function ForbiddenPage() {
  return (
    <Box sx={{ textAlign: 'center', mt: 8 }} data-testid="forbidden">
      <BlockIcon color="error" sx={{ fontSize: 56, mb: 1 }} />
      <Typography variant="h4" component="h1" gutterBottom>
        Forbidden
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your role does not give you access to that page. Ask your administrator if you need it.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to my start page
      </Button>
    </Box>
  );
}
