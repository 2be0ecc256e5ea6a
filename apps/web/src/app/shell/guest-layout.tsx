import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useColorMode } from '../color-mode';
import { Loading } from './guards';

/** Sign-in, register, reset and status pages: no sidebar, no configuration controls. */
export default function GuestLayout() {
  const { mode, toggle } = useColorMode();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: { xs: 2, md: 4 }, py: 2 }}>
        <Typography
          component={RouterLink}
          to="/login"
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, flexGrow: 1 }}
        >
          PonDesk
        </Typography>
        <Tooltip title={mode === 'light' ? 'Dark mode' : 'Light mode'}>
          <IconButton onClick={toggle} aria-label="Toggle dark mode">
            {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
          </IconButton>
        </Tooltip>
      </Stack>
      <Box component="main" sx={{ flexGrow: 1, px: 2, pb: 6 }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
