import type { KeyboardEvent, ReactNode } from 'react';
import {
  Box,
  IconButton,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { describeAuditAction, type AuditRow } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { auditTarget } from '../format';
import { auditPages } from '../list-params';
import { AuditActionLabel, AuditOutcomeChip } from './audit-chips';
import { TablePager } from '../../../shared/ui/table-pager';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';

interface Column {
  key: string;
  header: string;
  render: (row: AuditRow) => ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;
/** Read by screen readers, not shown. */
const HIDDEN_TEXT = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const COLUMNS: Column[] = [
  {
    key: 'at',
    header: 'When',
    render: (r) => (
      <Typography variant="body2" component="span" sx={nowrap} title={r.at}>
        {formatDateTime(r.at)}
      </Typography>
    ),
  },
  { key: 'user', header: 'User', render: (r) => r.actorName },
  {
    key: 'action',
    header: 'Action',
    render: (r) => <AuditActionLabel action={r.action} deviceWrite={r.deviceWrite} />,
  },
  {
    key: 'target',
    header: 'Target',
    render: (r) => (
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        {auditTarget(r)}
      </Typography>
    ),
  },
  { key: 'outcome', header: 'Outcome', render: (r) => <AuditOutcomeChip outcome={r.outcome} /> },
  {
    key: 'ip',
    header: 'IP',
    render: (r) => (
      <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', ...nowrap }}>
        {r.ip ?? '—'}
      </Typography>
    ),
  },
];

/** The log, newest first, paged on the server; a row opens its details by click, Enter or Space. */
export function AuditTable({
  rows,
  total,
  page,
  loading,
  refreshing,
  error,
  onRetry,
  emptyText,
  onOpen,
  onPage,
}: {
  rows: AuditRow[] | undefined;
  total: number;
  page: number;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  onOpen: (row: AuditRow) => void;
  onPage: (page: number) => void;
}) {
  const pages = auditPages(total);
  const shownPage = Math.min(page, pages);
  const onRowKey = (e: KeyboardEvent, row: AuditRow) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(row);
    }
  };
  return (
    <Paper variant="outlined" aria-busy={loading || refreshing}>
      <ListLoadStatus
        refreshing={refreshing}
        error={error}
        onRetry={onRetry}
        what="the audit log"
        testId="audit-error"
      />
      <TableContainer>
        <Table size="small" aria-label="Audit Log">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.key} sx={{ fontWeight: 700 }}>
                  {c.header}
                </TableCell>
              ))}
              <TableCell sx={{ fontWeight: 700, width: 48 }}>
                <Box component="span" sx={HIDDEN_TEXT}>
                  Details
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 8 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} aria-hidden data-testid="audit-skeleton">
                    {[...COLUMNS, { key: 'open' }].map((c) => (
                      <TableCell key={c.key}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    tabIndex={0}
                    onClick={() => onOpen(row)}
                    onKeyDown={(e) => onRowKey(e, row)}
                    aria-label={`${describeAuditAction(row.action)} by ${row.actorName}, ${formatDateTime(row.at)}`}
                    data-testid="audit-row"
                    data-action={row.action}
                    data-device-write={row.deviceWrite}
                    sx={{
                      cursor: 'pointer',
                      // Device writes keep a coloured edge, so they stand out while scrolling.
                      boxShadow: row.deviceWrite
                        ? (t) => `inset 4px 0 0 ${t.palette.warning.main}`
                        : undefined,
                      '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                    }}
                  >
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key} data-column={c.key}>
                        {c.render(row)}
                      </TableCell>
                    ))}
                    <TableCell padding="none">
                      <Tooltip title="Details">
                        <IconButton
                          size="small"
                          tabIndex={-1}
                          aria-label="Details"
                          aria-haspopup="dialog"
                          onClick={(e) => {
                            e.stopPropagation();
                            onOpen(row);
                          }}
                        >
                          <ChevronRightIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>
                  <Typography
                    color="text.secondary"
                    sx={{ py: 4, textAlign: 'center' }}
                    data-testid="audit-empty"
                  >
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        summary={rows ? `${total} entr${total === 1 ? 'y' : 'ies'}` : ''}
        page={shownPage}
        pages={pages}
        onPage={onPage}
        testId="audit-pager"
        summaryTestId="audit-total"
      />
    </Paper>
  );
}
