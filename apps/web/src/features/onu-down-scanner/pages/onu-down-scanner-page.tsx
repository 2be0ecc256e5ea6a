import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQueryClient } from '@tanstack/react-query';
import type { InactiveScanResult, ScanStarted } from '@pondesk/contracts';
import { useSession } from '../../auth/session';
import { fetchInactiveResults, startInactiveScan } from '../../../shared/scans/api';
import { useInactiveResults, useScanOlts } from '../../../shared/scans/hooks';
import { groupOlts, oltTypeLabel, orderedOlts } from '../../../shared/scans/olt-groups';
import { scanKeys } from '../../../shared/scans/query-keys';
import type { ScanOltLook } from '../../../shared/scans/scan-olt-icon';
import { isOpen, isScanRunning, scanProgress } from '../../../shared/scans/scan-state';
import { useScan } from '../../../shared/scans/use-scan';
import { formatDateTime } from '../../../shared/format';
import { messageOf } from '../../../shared/ui/errors';
import { NoOltState } from '../../../shared/ui/no-olt-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { SearchField } from '../../../shared/ui/search-field';
import { useToast } from '../../../shared/ui/toast';
import { useNow } from '../../../shared/use-now';
import { InactiveTable } from '../components/inactive-table';
import { OltPicker } from '../components/olt-picker';
import { filterRows, inactiveColumns, nextSort, sortRows, type SortState } from '../inactive-rows';
import {
  buildRows,
  mergeResults,
  progressText,
  scannedAtText,
  typeViewOf,
  viewOlts,
  viewValue,
  type ScannerView,
} from '../scanner-view';

/** Spec 2 §8: what an OLT with no inactive ONU shows. */
export const EMPTY_TEXT = 'Inactive onu not found';
const START_FAILED = 'Could not start the scan';

function failureText(r: InactiveScanResult): string {
  return r.error || (r.code ? `The scan failed (${r.code}).` : 'The scan failed.');
}

/**
 * /onu-down-scanner (2020): the inactive ONUs of an OLT, as its last scan found them (kept on the server
 * for everyone who may see the OLT), or scanned now. Auto scans every OLT in turn, one device session at
 * a time, the results accumulating as each OLT answers.
 */
export default function OnuDownScannerPage() {
  const { user } = useSession();
  const toast = useToast();
  const qc = useQueryClient();
  // Renewed every 30 s, so "Scanned 3 min ago" keeps counting.
  const now = useNow(30_000);
  const olts = useScanOlts();
  const list = olts.data?.olts;
  const ordered = useMemo(() => orderedOlts(groupOlts(list ?? [])), [list]);

  const { state, start, cancel } = useScan<ScanStarted>('inactive', {
    // Answers sent while the socket was away are lost: the stored results hold them.
    onReconnect: (s, controls) => {
      void qc.invalidateQueries({ queryKey: scanKeys.inactiveResults() });
      const open = s.scan?.olts.filter((o) => isOpen(s.entries[o.id])).map((o) => o.id) ?? [];
      if (open.length)
        fetchInactiveResults(open).then(
          (r) => controls.applyStored(r.results),
          () => undefined,
        );
    },
  });
  const progress = scanProgress(state);
  const running = isScanRunning(state);

  const [view, setView] = useState<ScannerView | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [auto, setAuto] = useState(false);
  // The user's own choice during an auto run is kept when the run ends.
  const pickedDuringAuto = useRef(false);
  // OLTs this page already scanned because they had no stored result: not again on their own.
  const requested = useRef(new Set<string>());

  const show = useCallback((next: ScannerView | null) => {
    setView(next);
    setSearch('');
    setSort(null);
    setPage(0);
  }, []);

  const shown = useMemo(() => viewOlts(view, ordered), [view, ordered]);
  const shownIds = useMemo(() => shown.map((o) => o.id), [shown]);
  const stored = useInactiveResults(shownIds);
  const results = useMemo(
    () => mergeResults(stored.data?.results, state.results, shownIds),
    [stored.data, state.results, shownIds],
  );

  const scanOlts = useCallback(
    async (oltIds: string[]) => {
      try {
        await start(() => startInactiveScan({ oltIds }));
      } catch (error) {
        toast.error(messageOf(error, START_FAILED));
      }
    },
    [start, toast],
  );

  // An OLT without a stored result is scanned as soon as it is chosen (once; then Rescan).
  useEffect(() => {
    if (!view || auto || state.awaiting || !stored.isSuccess) return;
    const missing = shown.filter((o) => !results[o.id] && !requested.current.has(o.id));
    if (!missing.length) return;
    for (const o of missing) requested.current.add(o.id);
    void scanOlts(missing.map((o) => o.id));
  }, [view, auto, state.awaiting, stored.isSuccess, shown, results, scanOlts]);

  const startAuto = async () => {
    setAuto(true);
    pickedDuringAuto.current = false;
    try {
      const scan = await start(() => startInactiveScan({}));
      // Its OLTs count as asked for: one a stop left unscanned waits for Rescan, not a scan of its own.
      for (const o of scan?.olts ?? []) requested.current.add(o.id);
      const first = scan?.olts[0];
      if (first) show(typeViewOf(first, ordered));
      if (scan && !scan.olts.length) setAuto(false);
    } catch (error) {
      setAuto(false);
      toast.error(messageOf(error, START_FAILED));
    }
  };

  const stopAuto = () => {
    setAuto(false);
    cancel().catch((error: unknown) => toast.error(messageOf(error, 'Could not stop the scan')));
  };

  // When an auto run ends, the first OLT's type is shown (unless the user chose something meanwhile).
  const scanId = state.scan?.scanId;
  const firstOlt = state.scan?.olts[0];
  useEffect(() => {
    if (!auto || !scanId || running) return;
    setAuto(false);
    if (firstOlt && !pickedDuringAuto.current) show(typeViewOf(firstOlt, ordered));
  }, [auto, scanId, running, firstOlt, ordered, show]);

  const choose = (next: ScannerView | null) => {
    if (auto) pickedDuringAuto.current = true;
    show(next);
  };

  const lookOf = useCallback(
    (oltId: string): { look: ScanOltLook; error: string | null } | null => {
      const e = state.entries[oltId];
      if (!e) return null;
      if (isOpen(e)) return { look: 'pending', error: null };
      return e.phase === 'error' ? { look: 'error', error: e.error } : { look: 'done', error: null };
    },
    [state.entries],
  );

  const first = shown[0];
  const several = view?.kind === 'type';
  const columns = useMemo(
    () => (first ? inactiveColumns(first.brand, first.mode, several) : null),
    [first, several],
  );
  const allRows = useMemo(() => buildRows(shown, results), [shown, results]);
  const visible = useMemo(() => {
    if (!columns) return [];
    const found = filterRows(allRows, columns, search);
    const column = sort && columns.find((c) => c.key === sort.key);
    return column && sort ? sortRows(found, column, sort.order) : found;
  }, [allRows, columns, search, sort]);
  // A page past the end (a narrower search) falls back to the last one.
  const lastPage = Math.max(0, Math.ceil(visible.length / rowsPerPage) - 1);
  const currentPage = Math.min(page, lastPage);

  const shownResults = shown.map((o) => results[o.id]).filter((r): r is InactiveScanResult => !!r);
  const failures = shown.flatMap((o) => {
    const r = results[o.id];
    return r && !r.ok ? [{ olt: o, text: failureText(r) }] : [];
  });
  const scanning = shown.filter((o) => isOpen(state.entries[o.id]));
  const unscanned = shown.filter((o) => !results[o.id] && !isOpen(state.entries[o.id]));
  const okResults = shownResults.filter((r) => r.ok);
  const scannedAt = scannedAtText(shownResults, now);
  const showProgress = !!state.scan && (auto || state.scan.olts.length > 1);
  const stopping = state.cancelled && progress.running;
  const busyStarting = state.awaiting;

  const title = !view
    ? ''
    : view.kind === 'type'
      ? `All ${oltTypeLabel(view.brand, view.mode)} OLTs`
      : first
        ? `${first.name} · ${oltTypeLabel(first.brand, first.mode)}`
        : '';

  const autoButton =
    auto && !state.cancelled ? (
      <Button
        variant="contained"
        color="error"
        startIcon={<StopIcon />}
        onClick={stopAuto}
        data-testid="scanner-auto"
        data-auto="on"
      >
        Stop Auto
      </Button>
    ) : (
      <Button
        variant="contained"
        startIcon={<PlayArrowIcon />}
        onClick={() => void startAuto()}
        disabled={busyStarting || !ordered.length}
        data-testid="scanner-auto"
        data-auto="off"
      >
        Auto
      </Button>
    );

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      <PageHeader
        title="ONU Down Scanner"
        subtitle="Inactive ONUs as each OLT reports them. Auto scans every OLT in turn."
        actions={autoButton}
      />

      {showProgress && (
        <Card
          variant="outlined"
          sx={{ mb: 2 }}
          data-testid="scanner-progress"
          data-running={progress.running ? 'true' : 'false'}
        >
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="body2" role="status" aria-live="polite" sx={{ fontWeight: 600, mb: 1 }}>
              {progressText(progress, stopping)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress.percent}
              color={progress.failed ? 'warning' : 'primary'}
              aria-label="Scan progress"
              sx={{ height: 6, borderRadius: 3 }}
            />
          </CardContent>
        </Card>
      )}

      <Card variant="outlined">
        <CardContent>
          {olts.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void olts.refetch()}>
                  Retry
                </Button>
              }
            >
              Failed to fetch OLT data: {olts.error.message}
            </Alert>
          )}
          {olts.isPending && <Skeleton variant="rounded" height={40} />}
          {olts.isSuccess && !ordered.length && (
            <NoOltState permissions={user?.permissions} testId="scanner-no-olt" />
          )}

          {olts.isSuccess && ordered.length > 0 && (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <OltPicker olts={ordered} view={view} onChange={choose} lookOf={lookOf} />
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
                {scannedAt && (
                  <Tooltip
                    title={shownResults
                      .map((r) => formatDateTime(r.scannedAt))
                      .filter((t, i, a) => a.indexOf(t) === i)
                      .join(' · ')}
                  >
                    <Typography variant="caption" color="text.secondary" data-testid="scanner-scanned-at">
                      {scannedAt}
                    </Typography>
                  </Tooltip>
                )}
                {view && (
                  <Tooltip title={auto ? 'Auto is scanning every OLT' : ''}>
                    <span>
                      <Button
                        variant="outlined"
                        startIcon={<RefreshIcon />}
                        onClick={() => void scanOlts(shownIds)}
                        disabled={auto || busyStarting || scanning.length > 0 || !shownIds.length}
                        data-testid="scanner-rescan"
                      >
                        Rescan
                      </Button>
                    </span>
                  </Tooltip>
                )}
              </Stack>
            </Stack>
          )}

          {olts.isSuccess && ordered.length > 0 && !view && (
            <Alert severity="info" variant="outlined" sx={{ mt: 2 }} data-testid="scanner-choose">
              Choose an OLT, or all OLTs of a type, to see its inactive ONUs; or press Auto to scan every OLT
              in turn.
            </Alert>
          )}

          {view && olts.isSuccess && !shown.length && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="scanner-unknown-olt">
              This OLT is not in your list any more: it was removed or your access to it was withdrawn.
            </Alert>
          )}

          {first && !columns && (
            <Alert severity="error" sx={{ mt: 2 }}>
              The scanner does not support {oltTypeLabel(first.brand, first.mode)} OLTs.
            </Alert>
          )}

          {view && stored.isError && (
            <Alert
              severity="error"
              sx={{ mt: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void stored.refetch()}>
                  Retry
                </Button>
              }
            >
              Could not load the stored results: {stored.error.message}
            </Alert>
          )}

          {failures.map((f) => (
            <Alert
              key={f.olt.id}
              severity="error"
              sx={{ mt: 2 }}
              data-testid="scanner-olt-error"
              data-olt-id={f.olt.id}
            >
              <AlertTitle>{`${f.olt.name}: the scan failed`}</AlertTitle>
              {f.text}
            </Alert>
          ))}

          {view && scanning.length > 0 && (
            <Box sx={{ mt: 2 }} data-testid="scanner-scanning">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {scanning.length === 1
                  ? `Scanning ${scanning[0].name}… the OLT is read now, which takes a few seconds.`
                  : `Scanning ${scanning.length} OLTs of this view…`}
              </Typography>
              <LinearProgress aria-label="Scanning" />
            </Box>
          )}

          {view && !scanning.length && !busyStarting && stored.isSuccess && unscanned.length > 0 && (
            <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
              {unscanned.length === 1
                ? `${unscanned[0].name} has not been scanned yet. Press Rescan to scan it.`
                : `${unscanned.length} OLTs of this view have not been scanned yet. Press Rescan to scan them.`}
            </Alert>
          )}

          {view && stored.isPending && shownIds.length > 0 && (
            <Box sx={{ mt: 2 }} aria-busy>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height={36} />
              ))}
            </Box>
          )}

          {columns && shownResults.length > 0 && (
            <Box sx={{ mt: 3 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1.5 }}
              >
                <Box>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                    {title}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    data-testid="scanner-total"
                    aria-live="polite"
                  >
                    {`Total Items: ${visible.length}`}
                  </Typography>
                </Box>
                {allRows.length > 0 && (
                  <SearchField
                    key={viewValue(view)}
                    label="Search table"
                    value={search}
                    onChange={(q) => {
                      setSearch(q);
                      setPage(0);
                    }}
                  />
                )}
              </Stack>
              {okResults.length > 0 && allRows.length === 0 && (
                <Alert severity="info" data-testid="scanner-empty">
                  {EMPTY_TEXT}
                </Alert>
              )}
              {allRows.length > 0 && (
                <InactiveTable
                  label={`Inactive ONUs — ${title}`}
                  columns={columns}
                  rows={visible}
                  sort={sort}
                  onSort={(key) => {
                    setSort((s) => nextSort(s, key));
                    setPage(0);
                  }}
                  page={currentPage}
                  rowsPerPage={rowsPerPage}
                  onPage={setPage}
                  onRowsPerPage={(n) => {
                    setRowsPerPage(n);
                    setPage(0);
                  }}
                  emptyText={`No inactive ONU matches “${search.trim()}”.`}
                />
              )}
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
