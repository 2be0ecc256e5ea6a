import { Fragment, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Skeleton,
  Typography,
} from '@mui/material';
import type { ScanOlt } from '@pondesk/contracts';
import type { BrandGroup } from '../../../shared/scans/olt-groups';
import { ScanOltIcon } from '../../../shared/scans/scan-olt-icon';
import { hitsFor, macOltState, type MacScanState } from '../mac-find';

/** Up/Down (and Home/End) move between the OLTs; Tab still leaves the list. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[data-olt-item]'));
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  e.preventDefault();
  const last = items.length - 1;
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? last
        : Math.min(last, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
  items[next]?.focus();
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const headerSx = { lineHeight: '32px', fontWeight: 700, bgcolor: 'transparent' } as const;

function OltItem({
  olt,
  state,
  selected,
  onSelect,
  onRetry,
}: {
  olt: ScanOlt;
  state: MacScanState;
  selected: boolean;
  onSelect: (oltId: string) => void;
  onRetry: (oltId: string) => void;
}) {
  const entry = state.entries[olt.id];
  const { hits } = hitsFor(state, olt.id);
  const look = macOltState(entry, entry?.phase === 'done' ? hits.length : 0);
  const secondary =
    look === 'error'
      ? entry?.error || 'Failed'
      : look === 'hit'
        ? `Found · ${plural(hits.length, 'match')}`
        : look === 'pending' && hits.length
          ? 'Found at the last poll'
          : olt.code;
  return (
    <ListItem
      disablePadding
      secondaryAction={
        look === 'error' ? (
          <Button
            size="small"
            onClick={() => onRetry(olt.id)}
            aria-label={`Retry ${olt.name}`}
            data-testid={`mac-olt-retry-${olt.id}`}
          >
            Retry
          </Button>
        ) : undefined
      }
    >
      <ListItemButton
        data-olt-item
        data-testid={`mac-olt-${olt.id}`}
        data-state={look}
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(olt.id)}
        sx={{ pr: look === 'error' ? 10 : undefined }}
      >
        <ListItemIcon sx={{ minWidth: 30 }}>
          <ScanOltIcon look={look} error={entry?.error} />
        </ListItemIcon>
        <ListItemText
          primary={olt.name}
          secondary={secondary}
          slotProps={{
            primary: { noWrap: true, title: olt.name },
            secondary: {
              noWrap: true,
              title: secondary,
              color: look === 'error' ? 'error' : 'text.secondary',
            },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * 'Active OLTs' (those with data) above 'Available OLTs' grouped by brand, then mode. Each OLT shows
 * whether it is still searching, answered or failed (with Retry).
 */
export function MacFindSidebar({
  groups,
  active,
  state,
  selected,
  loading,
  error,
  emptyText,
  onSelect,
  onRetry,
  onReload,
}: {
  groups: BrandGroup[];
  active: ScanOlt[];
  state: MacScanState;
  selected: string | null;
  loading: boolean;
  error: string | null;
  emptyText: string;
  onSelect: (oltId: string) => void;
  onRetry: (oltId: string) => void;
  onReload: () => void;
}) {
  return (
    <Box component="nav" aria-label="OLTs" onKeyDown={moveFocus} data-testid="mac-find-sidebar">
      {active.length > 0 && (
        <List
          dense
          aria-labelledby="mac-active-olts"
          subheader={
            <ListSubheader id="mac-active-olts" disableSticky sx={headerSx}>
              Active OLTs
            </ListSubheader>
          }
        >
          {active.map((olt) => {
            const { hits } = hitsFor(state, olt.id);
            const live = hits.some((h) => h.source === 'live');
            return (
              <ListItemButton
                key={olt.id}
                data-olt-item
                data-testid={`mac-active-olt-${olt.id}`}
                selected={selected === olt.id}
                aria-current={selected === olt.id ? 'true' : undefined}
                onClick={() => onSelect(olt.id)}
              >
                <ListItemText
                  primary={olt.name}
                  secondary={`${plural(hits.length, 'match')}${live ? '' : ' · from last poll'}`}
                  slotProps={{ primary: { noWrap: true, title: olt.name } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
      <Typography
        id="mac-available-olts"
        variant="overline"
        component="h3"
        sx={{ display: 'block', px: 2, pt: 1, fontWeight: 700 }}
      >
        Available OLTs
      </Typography>
      {error && (
        <Alert
          severity="error"
          sx={{ mx: 1 }}
          action={
            <Button color="inherit" size="small" onClick={onReload}>
              Retry
            </Button>
          }
        >
          Failed to fetch OLT data: {error}
        </Alert>
      )}
      {loading && (
        <Box sx={{ px: 2 }} aria-busy>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Box>
      )}
      {!loading && !error && groups.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {emptyText}
        </Typography>
      )}
      {groups.map((g) => (
        <List
          key={g.brand}
          dense
          aria-label={`${g.label} OLTs`}
          subheader={
            <ListSubheader disableSticky sx={headerSx}>
              {g.label}
            </ListSubheader>
          }
        >
          {g.modes.map((m) => (
            <Fragment key={m.mode}>
              <ListSubheader
                disableSticky
                inset
                sx={{ ...headerSx, lineHeight: '24px', fontWeight: 600, fontSize: 12, pl: 4 }}
              >
                {m.label}
              </ListSubheader>
              {m.olts.map((olt) => (
                <OltItem
                  key={olt.id}
                  olt={olt}
                  state={state}
                  selected={selected === olt.id}
                  onSelect={onSelect}
                  onRetry={onRetry}
                />
              ))}
            </Fragment>
          ))}
        </List>
      ))}
    </Box>
  );
}
