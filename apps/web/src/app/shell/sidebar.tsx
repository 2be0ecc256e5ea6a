import { Fragment } from 'react';
import { NavLink } from 'react-router-dom';
import { Box, List, ListItemButton, ListItemText, ListSubheader, Typography } from '@mui/material';
import { PLATFORM_NAV, type NavGroup } from '../../shared/navigation';

export const SIDEBAR_WIDTH = 248;

/**
 * The menu built from the user's active permission codes (and, for the platform administrator, the
 * Platform group); plain links, so Tab and Enter work.
 */
export function Sidebar({
  groups,
  onNavigate,
  platformAdmin,
}: {
  groups: NavGroup[];
  onNavigate?: () => void;
  platformAdmin?: boolean;
}) {
  return (
    <Box component="nav" aria-label="Main navigation" sx={{ width: SIDEBAR_WIDTH, overflowY: 'auto' }}>
      <Typography variant="h6" sx={{ px: 2.5, py: 2, fontWeight: 800, letterSpacing: 0.3 }} component="div">
        PonDesk
      </Typography>
      {groups.length === 0 && !platformAdmin && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2.5 }}>
          Your role has no menus yet. Ask your administrator for access.
        </Typography>
      )}
      {[...(platformAdmin ? [{ group: 'Platform', items: PLATFORM_NAV }] : []), ...groups].map((g) => (
        <Fragment key={g.group}>
          <List
            dense
            aria-labelledby={`nav-group-${g.group}`}
            subheader={
              <ListSubheader
                id={`nav-group-${g.group}`}
                data-testid={`nav-group-${g.group}`}
                sx={{ bgcolor: 'transparent', lineHeight: '32px', fontWeight: 700 }}
              >
                {g.group}
              </ListSubheader>
            }
          >
            {g.items.map((item) => (
              <ListItemButton
                key={item.to}
                component={NavLink}
                to={item.to}
                onClick={onNavigate}
                sx={{
                  mx: 1,
                  borderRadius: 1,
                  '&.active': {
                    bgcolor: 'action.selected',
                    color: 'primary.main',
                    fontWeight: 700,
                  },
                }}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </Fragment>
      ))}
    </Box>
  );
}
