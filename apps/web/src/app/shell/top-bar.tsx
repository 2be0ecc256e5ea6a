import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Avatar,
  Box,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import BoltIcon from '@mui/icons-material/Bolt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import LogoutIcon from '@mui/icons-material/Logout';
import SearchIcon from '@mui/icons-material/Search';
import { Permission, type SessionUser } from '@pondesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useColorMode } from '../color-mode';
import { signOut } from '../../features/auth/session-store';
import { COPY_FAILED, COPY_OK, copyText } from '../../shared/ui/copy';
import { useToast } from '../../shared/ui/toast';
import { isSearchShortcut } from '../../features/search/shortcut';
import { SupportDialog } from './support-dialog';

const SearchPopup = lazy(() =>
  import('../../features/search/components/search-popup').then((m) => ({ default: m.SearchPopup })),
);

/** The search (MAC find, PPPoE ids) reads ONU data: any of the ONU screens' codes opens it. */
const SEARCH_CODES: number[] = [Permission.OltDataPort, Permission.OltPort, Permission.Dashboard];

export function TopBar({
  user,
  sidebarOpen,
  onToggleSidebar,
}: {
  user: SessionUser;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { mode, toggle } = useColorMode();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [shortcuts, setShortcuts] = useState<HTMLElement | null>(null);
  const [support, setSupport] = useState(false);
  const canSearch = user.permissions.some((c) => SEARCH_CODES.includes(c));
  const [searching, setSearching] = useState(false);
  useEffect(() => {
    if (!canSearch) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setSearching(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canSearch]);

  const copyId = async () => {
    if (await copyText(user.id)) toast.success(COPY_OK);
    else toast.error(COPY_FAILED);
  };

  const logout = async () => {
    await signOut();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        <Tooltip title={sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}>
          <IconButton
            edge="start"
            onClick={onToggleSidebar}
            aria-label={sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
            aria-expanded={sidebarOpen}
            aria-controls="app-sidebar"
          >
            {sidebarOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        {canSearch && (
          <Tooltip title="Search by MAC address or PPPoE ID ( / )">
            <IconButton
              onClick={() => setSearching(true)}
              aria-label="Search by MAC address or PPPoE ID"
              aria-haspopup="dialog"
            >
              <SearchIcon />
            </IconButton>
          </Tooltip>
        )}
        {searching && (
          <Suspense fallback={null}>
            <SearchPopup open={searching} onClose={() => setSearching(false)} />
          </Suspense>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={mode === 'light' ? 'Dark mode' : 'Light mode'}>
          <IconButton onClick={toggle} aria-label="Toggle dark mode">
            {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip title="Shortcuts">
          <IconButton
            onClick={(e) => setShortcuts(e.currentTarget)}
            aria-label="Shortcuts"
            aria-haspopup="menu"
            aria-expanded={!!shortcuts}
          >
            <BoltIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={shortcuts} open={!!shortcuts} onClose={() => setShortcuts(null)}>
          {/* The platform administrator has no dashboard: its shortcut goes to every ISP's invoices. */}
          <MenuItem
            component={RouterLink}
            to={user.isPlatformAdmin ? '/platform/payments?tab=invoices' : '/dashboard#invoice'}
            onClick={() => setShortcuts(null)}
          >
            <ListItemIcon>
              <ReceiptLongIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{user.isPlatformAdmin ? 'Invoices' : 'Invoice'}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              setShortcuts(null);
              void copyId();
            }}
          >
            <ListItemIcon>
              <ContentCopyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="User ID" secondary={user.id} />
          </MenuItem>
          <MenuItem
            onClick={() => {
              setShortcuts(null);
              setSupport(true);
            }}
          >
            <ListItemIcon>
              <SupportAgentIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Support</ListItemText>
          </MenuItem>
        </Menu>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', ml: 1 }}>
          <Tooltip title="Profile">
            <IconButton component={RouterLink} to="/profile" aria-label="Profile" sx={{ p: 0.5 }}>
              <Avatar src={user.photoUrl ?? undefined} alt={user.username} sx={{ width: 34, height: 34 }}>
                {user.username.charAt(0).toUpperCase()}
              </Avatar>
            </IconButton>
          </Tooltip>
          <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.1 }}>
            <Typography variant="subtitle2" data-testid="topbar-username" sx={{ lineHeight: 1.2 }}>
              {user.username}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography
                variant="caption"
                color="text.secondary"
                title={user.id}
                data-testid="topbar-user-id"
                sx={{ fontFamily: 'monospace' }}
              >
                {`ID ${user.id.slice(0, 8)}`}
              </Typography>
              <IconButton
                size="small"
                aria-label="Copy user ID"
                onClick={() => void copyId()}
                sx={{ p: 0.25 }}
              >
                <ContentCopyIcon sx={{ fontSize: 14 }} />
              </IconButton>
            </Stack>
          </Box>
          <Tooltip title="Logout">
            <IconButton onClick={() => void logout()} aria-label="Logout">
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </Toolbar>
      <SupportDialog open={support} onClose={() => setSupport(false)} platformAdmin={user.isPlatformAdmin} />
    </AppBar>
  );
}
