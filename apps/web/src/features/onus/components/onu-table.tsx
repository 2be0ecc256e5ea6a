import {
  Box,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { OnuRow, OnuSort } from '@pondesk/contracts';
import { SortableHead } from '../../../shared/ui/sortable-head';
import { formatDbm, formatDistance } from '../format';
import { pageCount, type OnuListParams } from '../list-params';
import { OnuCards } from './onu-cards';
import { OnuRowActions, type OnuAction } from './onu-row-actions';
import { OnuStatusChip } from './onu-status-chip';
import { PppoeLinks } from './pppoe-links';
import { OnuInfo, RxWithReading } from './onu-cells';
import { useSignalRead } from './signal-read-button';
import { TablePager } from '../../../shared/ui/table-pager';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';

interface Column {
  key: string;
  header: string;
  sort?: OnuSort;
  align?: 'right';
  render: (row: OnuRow, read: SignalRead, readOnly: boolean) => React.ReactNode;
}

/** A row's Get: the button lives in Actions, its result in the RX cell. */
type SignalRead = ReturnType<typeof useSignalRead>;

const RX_WIDTH = 92;

export const COLUMNS: Column[] = [
  {
    key: 'olt',
    header: 'OLT',
    sort: 'olt',
    render: (r) => (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {r.oltName}
      </Typography>
    ),
  },
  {
    key: 'port',
    header: 'PON NO.',
    sort: 'ponPort',
    render: (r) => (
      <Typography variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {r.ifName}
      </Typography>
    ),
  },
  { key: 'vendor', header: 'Vendor', sort: 'vendor', render: (r) => r.vendor ?? '—' },
  {
    key: 'distance',
    header: 'Distance',
    sort: 'distance',
    align: 'right',
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDistance(r.distanceM)}</span>,
  },
  {
    key: 'description',
    header: 'Description',
    sort: 'description',
    render: (r, _read, readOnly) => (
      <PppoeLinks ids={r.pppoeIds} description={r.description} wrap linked={!readOnly} />
    ),
  },
  {
    key: 'status',
    header: 'Status',
    sort: 'status',
    render: (r) => <OnuStatusChip status={r.status} reason={r.reason} reasonRaw={r.reasonRaw} wrap />,
  },
  {
    key: 'rx',
    header: 'RX',
    sort: 'rx',
    render: (r, read) => <RxWithReading row={r} read={read} width={RX_WIDTH} />,
  },
  {
    key: 'tx',
    header: 'TX',
    sort: 'tx',
    align: 'right',
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDbm(r.txDbm)}</span>,
  },
  { key: 'info', header: 'ONU Info', render: (r) => <OnuInfo row={r} /> },
];

/** Get plus the menu button: one fixed width, so the column never grows over its neighbours. */
const ACTIONS_WIDTH = 112;

/**
 * Below this width the table cannot show every column (it needed about 910 px for the demo fleet's
 * pages; 1280 px with the sidebar pinned leaves 948); each ONU becomes a card instead.
 */
export const ONU_TABLE_MIN_WIDTH = 920;

/** The width of an element, followed as it resizes (null until first measured). */
function useWidth<T extends HTMLElement>(): [React.RefCallback<T>, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    observer.current = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.current.observe(el);
  }, []);
  useLayoutEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}

function OnuTableRow({
  row,
  canClear,
  onAction,
}: {
  row: OnuRow;
  canClear: boolean;
  /** None: read-only (a shared view), without the Actions column and PPPoE page links. */
  onAction?: (action: OnuAction, onu: OnuRow) => void;
}) {
  const read = useSignalRead(row.id);
  return (
    <TableRow hover data-testid="onu-row" data-onu-id={row.id}>
      {COLUMNS.map((c) => (
        <TableCell key={c.key} align={c.align} data-column={c.key}>
          {c.render(row, read, !onAction)}
        </TableCell>
      ))}
      {onAction && (
        <TableCell align="right" sx={{ width: ACTIONS_WIDTH }} data-column="actions">
          <OnuRowActions
            onu={row}
            canClear={canClear}
            onAction={onAction}
            reading={read.pending}
            onGet={read.start}
          />
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * The ONU table: sorting and paging happen on the server, 20 rows a page, 'Page x of y'. Where it has
 * too little room for every column (a phone, a narrow window) each ONU is a card instead.
 */
export function OnuTable({
  rows,
  total,
  params,
  loading,
  refreshing,
  error,
  onRetry,
  filtered,
  emptyText,
  canClear,
  onSort,
  onPage,
  onAction,
}: {
  rows: OnuRow[] | undefined;
  total: number;
  params: OnuListParams;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  filtered: boolean;
  /** What an unfiltered empty list means for this user. */
  emptyText: string;
  canClear: boolean;
  onSort: (sort: OnuSort) => void;
  onPage: (page: number) => void;
  /** None: the read-only table of a shared view. */
  onAction?: (action: OnuAction, onu: OnuRow) => void;
}) {
  const pages = pageCount(total);
  const columnCount = COLUMNS.length + (onAction ? 1 : 0);
  const [measure, width] = useWidth<HTMLDivElement>();
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing}>
      <ListLoadStatus refreshing={refreshing} error={error} onRetry={onRetry} what="the ONUs" />
      <Box ref={measure}>
        {width !== null && width < ONU_TABLE_MIN_WIDTH ? (
          <OnuCards
            rows={rows}
            loading={loading}
            filtered={filtered}
            emptyText={emptyText}
            canClear={canClear}
            params={params}
            onSort={onSort}
            onAction={onAction}
          />
        ) : (
          <TableContainer>
            <Table
              size="small"
              aria-label="ONU list"
              sx={{
                // Tighter than MUI's 16 px so all ten columns fit beside a pinned sidebar at 1280 px.
                '& .MuiTableCell-root': { px: 0.75 },
                '& .MuiTableCell-root:first-of-type': { pl: 2 },
                '& .MuiTableCell-root:last-of-type': { pr: 1.5 },
                '& .MuiTableSortLabel-icon': { fontSize: 16, mx: 0.25 },
              }}
            >
              <SortableHead
                columns={COLUMNS}
                sort={params.sort}
                order={params.order}
                onSort={onSort}
                // Two-word headers ('PON NO.', 'ONU Info') may wrap when the room is short.
                cellSx={{ fontWeight: 700, lineHeight: 1.3 }}
              >
                {onAction && (
                  <TableCell
                    align="right"
                    sx={{ fontWeight: 700, width: ACTIONS_WIDTH }}
                    data-column="actions"
                  >
                    Actions
                  </TableCell>
                )}
              </SortableHead>
              <TableBody>
                {loading && !rows
                  ? Array.from({ length: 6 }, (_, i) => (
                      <TableRow key={`skeleton-${i}`}>
                        {[...COLUMNS, { key: 'actions' }].slice(0, columnCount).map((c) => (
                          <TableCell key={c.key}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : rows?.map((row) => (
                      <OnuTableRow key={row.id} row={row} canClear={canClear} onAction={onAction} />
                    ))}
                {rows && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columnCount}>
                      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                        {filtered ? 'No ONU matches these filters.' : emptyText}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
      <TablePager
        summary={`${total} ONU${total === 1 ? '' : 's'}`}
        page={Math.min(params.page, pages)}
        pages={pages}
        onPage={onPage}
        pageTestId="onu-page"
      />
    </Paper>
  );
}
