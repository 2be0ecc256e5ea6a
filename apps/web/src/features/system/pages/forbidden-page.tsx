import { Box, Button, Stack, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSession } from '../../auth/session';
import { signOut } from '../../auth/session-store';
import { buildNavigation, homePath } from '../../../shared/navigation';

/**
 * Where a page the user may not open sends them. A role switched off while they work lands them here,
 * so it names a page they can still open (their profile at least) and offers to sign out.
 */
export default function ForbiddenPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const codes = user?.permissions ?? [];
  const platformAdmin = !!user?.isPlatformAdmin;
  const start = homePath(codes, { platformAdmin });
  const startLabel = platformAdmin
    ? 'Platform catalogue'
    : (buildNavigation(codes)
        .flatMap((g) => g.items)
        .find((i) => i.to === start)?.label ?? (start === '/profile' ? 'My profile' : 'My start page'));

  const logout = async () => {
    await signOut();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Box sx={{ textAlign: 'center', mt: 8 }} data-testid="forbidden">
      <BlockIcon color="error" sx={{ fontSize: 56, mb: 1 }} />
      <Typography variant="h4" component="h1" gutterBottom>
        Forbidden
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your role does not give you access to that page (it may have just been changed or switched off). Ask
        your administrator if you need it.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to={start} variant="contained">
          Go to {startLabel}
        </Button>
        <Button variant="outlined" onClick={() => void logout()}>
          Sign out
        </Button>
      </Stack>
    </Box>
  );
}
