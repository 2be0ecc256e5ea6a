import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Box, Drawer, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../features/auth/session';
import {
  consumeNext,
  getAccessToken,
  refreshSession,
  updateSessionUser,
} from '../../features/auth/session-store';
import { ExpiryBanner } from '../../features/billing/components/expiry-banner';
import { UpdateEventPopup } from '../../features/content/components/update-event-popup';
import { WriteVerdictToasts } from '../../features/onus/components/write-verdict-toasts';
import { sessionPart, useProfile } from '../../features/profile/hooks';
import { profileKeys } from '../../features/profile/query-keys';
import { connectSocket } from '../../shared/socket';
import { Loading } from './guards';
import { buildNavigation } from '../../shared/navigation';
import { Sidebar, SIDEBAR_WIDTH } from './sidebar';
import { SkipLink } from './skip-link';
import { useSidebarPinned } from './sidebar-state';
import { TopBar } from './top-bar';

/** Hash links scroll smoothly after 2 s (spec 1 §2); any other navigation starts at the top. */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const t = setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
    }, 2000);
    return () => clearTimeout(t);
  }, [pathname, hash]);
}

/**
 * Before each route the profile is re-read (spec 1 §4), so revoked menus disappear and an ended
 * session is noticed on the next navigation.
 */
function useProfileSync() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const first = useRef(true);
  useEffect(() => {
    // The first route's fetch is the query's own.
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.refetchQueries({ queryKey: profileKeys.me(), type: 'active' });
  }, [pathname, queryClient]);
  useEffect(() => {
    if (profile.data) updateSessionUser(sessionPart(profile.data));
  }, [profile.data]);
}

export default function ShellLayout() {
  const { user } = useSession();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [pinned, togglePinned] = useSidebarPinned();
  const [mobileOpen, setMobileOpen] = useState(false);
  const groups = useMemo(() => buildNavigation(user?.permissions ?? []), [user?.permissions]);
  useScrollOnNavigate();
  useProfileSync();
  useEffect(consumeNext, []);
  // One socket per signed-in session (live OLT and ONU events); clearSession closes it.
  useEffect(() => void connectSocket(getAccessToken, refreshSession), []);
  if (!user) return <Loading />;

  const docked = wide && pinned;
  const sidebar = (
    <Sidebar
      groups={groups}
      platformAdmin={user.isPlatformAdmin}
      onNavigate={docked ? undefined : () => setMobileOpen(false)}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <WriteVerdictToasts />
      <UpdateEventPopup user={user} />
      {docked ? (
        <Drawer
          id="app-sidebar"
          variant="permanent"
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Drawer
          id="app-sidebar"
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
        >
          {sidebar}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          user={user}
          sidebarOpen={docked || mobileOpen}
          onToggleSidebar={() => (wide ? togglePinned() : setMobileOpen((o) => !o))}
        />
        <ExpiryBanner />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, outline: 'none' }}
        >
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
