import {
  Box,
  Divider,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { OnuRow, OnuSort } from '@pondesk/contracts';
import { formatDbm, formatDistance } from '../format';
import type { OnuListParams } from '../list-params';
import { OnuRowActions, type OnuAction } from './onu-row-actions';
import { OnuStatusChip } from './onu-status-chip';
import { OnuInfo, RxWithReading } from './onu-cells';
import { PppoeLinks } from './pppoe-links';
import { useSignalRead } from './signal-read-button';

/** The table's sortable columns, for the cards' sort menu. */
const SORTS: { sort: OnuSort; label: string }[] = [
  { sort: 'olt', label: 'OLT' },
  { sort: 'ponPort', label: 'PON NO.' },
  { sort: 'vendor', label: 'Vendor' },
  { sort: 'distance', label: 'Distance' },
  { sort: 'description', label: 'Description' },
  { sort: 'status', label: 'Status' },
  { sort: 'rx', label: 'RX' },
  { sort: 'tx', label: 'TX' },
];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2' }} data-field={label}>
        {children}
      </Box>
    </Box>
  );
}

function OnuCard({
  row,
  canClear,
  onAction,
}: {
  row: OnuRow;
  canClear: boolean;
  /** None: read-only (a shared view). */
  onAction?: (action: OnuAction, onu: OnuRow) => void;
}) {
  const read = useSignalRead(row.id);
  return (
    <Box
      component="li"
      data-testid="onu-card"
      data-onu-id={row.id}
      sx={{ listStyle: 'none', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.oltName}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }} data-testid="onu-card-port">
            {row.ifName}
          </Typography>
        </Box>
        <OnuStatusChip status={row.status} reason={row.reason} reasonRaw={row.reasonRaw} />
      </Stack>
      <Box sx={{ mt: 1 }}>
        <PppoeLinks ids={row.pppoeIds} description={row.description} wrap linked={!!onAction} />
      </Box>
      <Box
        sx={{
          mt: 1,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr)',
          gap: 1,
        }}
      >
        <Field label="RX">
          <RxWithReading row={row} read={read} width={112} />
        </Field>
        <Field label="TX">{formatDbm(row.txDbm)}</Field>
        <Field label="Distance">{formatDistance(row.distanceM)}</Field>
      </Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 1, alignItems: 'flex-end', justifyContent: 'space-between' }}
      >
        <Field label={row.vendor ? `ONU Info · ${row.vendor}` : 'ONU Info'}>
          <OnuInfo row={row} />
        </Field>
        {onAction && (
          <OnuRowActions
            onu={row}
            canClear={canClear}
            onAction={onAction}
            reading={read.pending}
            onGet={read.start}
          />
        )}
      </Stack>
    </Box>
  );
}

/** The ONU list as one card per ONU, for screens too narrow for the table's columns. */
export function OnuCards({
  rows,
  loading,
  filtered,
  emptyText,
  canClear,
  params,
  onSort,
  onAction,
}: {
  rows: OnuRow[] | undefined;
  loading: boolean;
  filtered: boolean;
  emptyText: string;
  canClear: boolean;
  params: OnuListParams;
  onSort: (sort: OnuSort) => void;
  onAction?: (action: OnuAction, onu: OnuRow) => void;
}) {
  const sorted = SORTS.some((s) => s.sort === params.sort);
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <FormControl size="small" sx={{ flexGrow: 1 }}>
          <InputLabel id="onu-card-sort">Sort by</InputLabel>
          <Select
            labelId="onu-card-sort"
            label="Sort by"
            value={sorted ? params.sort : ''}
            onChange={(e) => e.target.value && onSort(e.target.value as OnuSort)}
          >
            {SORTS.map((s) => (
              <MenuItem key={s.sort} value={s.sort}>
                {s.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Tooltip title={params.order === 'desc' ? 'Descending' : 'Ascending'}>
          <span>
            <IconButton
              aria-label={`Sort ${params.order === 'desc' ? 'ascending' : 'descending'}`}
              disabled={!sorted}
              // Choosing the current column again flips its order (nextSort).
              onClick={() => sorted && onSort(params.sort as OnuSort)}
            >
              {params.order === 'desc' ? <ArrowDownwardIcon /> : <ArrowUpwardIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Divider />
      <Box component="ul" aria-label="ONU list" sx={{ m: 0, p: 0 }}>
        {loading && !rows
          ? Array.from({ length: 4 }, (_, i) => (
              <Box component="li" key={i} sx={{ listStyle: 'none', px: 2, py: 1.5 }}>
                <Skeleton height={96} variant="rounded" />
              </Box>
            ))
          : rows?.map((row) => <OnuCard key={row.id} row={row} canClear={canClear} onAction={onAction} />)}
      </Box>
      {rows && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, px: 2, textAlign: 'center' }}>
          {filtered ? 'No ONU matches these filters.' : emptyText}
        </Typography>
      )}
    </Box>
  );
}
