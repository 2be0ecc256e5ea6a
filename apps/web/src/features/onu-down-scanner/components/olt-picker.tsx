import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import {
  Box,
  InputAdornment,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { ScanOlt } from '@pondesk/contracts';
import { filterOlts, groupOlts, oltTypeLabel } from '../../../shared/scans/olt-groups';
import { ScanOltIcon, type ScanOltLook } from '../../../shared/scans/scan-olt-icon';
import { parseView, viewValue, type ScannerView } from '../scanner-view';

/**
 * The OLT search box and the selector it narrows: OLTs grouped by brand and mode, each group headed by
 * an entry for all its OLTs together (what an auto run ends on). The OLTs of a running scan show how far
 * they got.
 */
export function OltPicker({
  olts,
  view,
  onChange,
  lookOf,
  disabled,
}: {
  olts: readonly ScanOlt[];
  view: ScannerView | null;
  onChange: (view: ScannerView | null) => void;
  lookOf: (oltId: string) => { look: ScanOltLook; error: string | null } | null;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const value = viewValue(view);
  const groups = useMemo(() => {
    const found = filterOlts(olts, search);
    // The chosen OLT stays listed whatever the search, so the selector never holds an unknown value.
    const chosen = view?.kind === 'olt' ? olts.find((o) => o.id === view.oltId) : undefined;
    if (chosen && !found.includes(chosen)) found.push(chosen);
    return groupOlts(found);
  }, [olts, search, view]);
  const countOf = (brand: ScanOlt['brand'], mode: ScanOlt['mode']) =>
    olts.filter((o) => o.brand === brand && o.mode === mode).length;

  const items: ReactNode[] = [];
  for (const g of groups)
    for (const m of g.modes) {
      const type = oltTypeLabel(g.brand, m.mode);
      items.push(
        <ListSubheader key={`h-${g.brand}-${m.mode}`} sx={{ fontWeight: 700, lineHeight: '32px' }}>
          {type}
        </ListSubheader>,
      );
      const total = countOf(g.brand, m.mode);
      if (total > 1)
        items.push(
          <MenuItem
            key={`t-${g.brand}-${m.mode}`}
            value={viewValue({ kind: 'type', brand: g.brand, mode: m.mode })}
            data-testid={`scanner-type-${g.brand}-${m.mode}`}
          >
            <ListItemText
              inset
              primary={`All ${type} OLTs (${total})`}
              slotProps={{ primary: { sx: { fontStyle: 'italic' } } }}
            />
          </MenuItem>,
        );
      for (const o of m.olts) {
        const live = lookOf(o.id);
        items.push(
          <MenuItem
            key={o.id}
            value={viewValue({ kind: 'olt', oltId: o.id })}
            data-testid={`scanner-olt-${o.id}`}
          >
            <ListItemIcon sx={{ minWidth: 28 }}>
              {live ? <ScanOltIcon look={live.look} error={live.error} /> : null}
            </ListItemIcon>
            <ListItemText
              primary={o.name}
              secondary={o.code}
              slotProps={{ secondary: { variant: 'caption' } }}
            />
          </MenuItem>,
        );
      }
    }

  const renderValue = (v: unknown): ReactNode => {
    const parsed = parseView(String(v));
    if (!parsed)
      return (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Choose an OLT
        </Box>
      );
    if (parsed.kind === 'type') return `All ${oltTypeLabel(parsed.brand, parsed.mode)} OLTs`;
    const o = olts.find((x) => x.id === parsed.oltId);
    return o ? `${o.name} · ${oltTypeLabel(o.brand, o.mode)}` : 'Unknown OLT';
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
      <TextField
        size="small"
        label="Search OLT"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ minWidth: { sm: 200 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 60, 'data-testid': 'scanner-olt-search' },
        }}
      />
      <TextField
        select
        size="small"
        label="OLT"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(parseView(e.target.value))}
        sx={{ minWidth: { sm: 300 }, flexGrow: 1 }}
        slotProps={{
          select: {
            displayEmpty: true,
            renderValue,
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
            SelectDisplayProps: { 'data-testid': 'scanner-olt-select' } as HTMLAttributes<HTMLDivElement>,
          },
          inputLabel: { shrink: true },
        }}
      >
        {items.length ? (
          items
        ) : (
          <MenuItem disabled value="__none">
            No OLT matches “{search.trim()}”
          </MenuItem>
        )}
      </TextField>
    </Stack>
  );
}
