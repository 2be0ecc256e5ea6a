import { useCallback } from 'react';
import { Box, Card, CardContent, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import {
  RX_THRESHOLDS,
  RX_THRESHOLDS_DBM,
  type OnuFilters,
  type OnuList,
  type OnuRow,
  type RxThreshold,
} from '@pondesk/contracts';
import { SearchField } from '../../../shared/ui/search-field';
import { useLastPageFallback } from '../../../shared/use-url-params';
import { nextSort, pageCount, type OnuListParams } from '../list-params';
import { OnuCounts } from './onu-counts';
import type { OnuAction } from './onu-row-actions';
import { OnuTable } from './onu-table';

/** What the view needs of the list's query: its data and its state. */
export interface OnuListQueryState {
  data: OnuList | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The ONU list as every screen shows it: the header counts, the OLT, port, signal and search filters, and
 * the table paged on the server. The signed-in lists pass `onAction`; a shared view passes none and is
 * read-only.
 */
export function OnuListView({
  list,
  filters,
  params,
  setParams,
  emptyText,
  canClear = false,
  onAction,
}: {
  list: OnuListQueryState;
  filters: OnuFilters | undefined;
  params: OnuListParams;
  setParams: (change: Partial<OnuListParams> | ((current: OnuListParams) => Partial<OnuListParams>)) => void;
  /** What an unfiltered empty list means to this viewer. */
  emptyText: string;
  canClear?: boolean;
  onAction?: (action: OnuAction, onu: OnuRow) => void;
}) {
  const onSearch = useCallback((search: string) => setParams({ search }), [setParams]);
  const data = list.data;
  useLastPageFallback(data, params.page, pageCount, setParams);

  const olt = filters?.olts.find((o) => o.id === params.oltId);
  const filtered = !!(
    params.oltId ||
    params.ponPort ||
    params.search ||
    params.status ||
    params.reason ||
    params.signal
  );
  return (
    <>
      <OnuCounts counts={data?.counts} params={params} onFilter={(f) => setParams(f)} />
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <FormControl size="small" sx={{ minWidth: 220 }}>
              <InputLabel id="onu-olt-filter">OLT</InputLabel>
              <Select
                labelId="onu-olt-filter"
                label="OLT"
                value={olt ? params.oltId : ''}
                onChange={(e) => setParams({ oltId: e.target.value })}
                data-testid="onu-olt-filter"
              >
                <MenuItem value="">All OLTs</MenuItem>
                {filters?.olts.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name} ({o.code})
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" sx={{ minWidth: 160 }} disabled={!olt}>
              <InputLabel id="onu-port-filter">Port</InputLabel>
              <Select
                labelId="onu-port-filter"
                label="Port"
                value={olt && olt.ponPorts.includes(Number(params.ponPort)) ? params.ponPort : ''}
                onChange={(e) => setParams({ ponPort: e.target.value })}
                data-testid="onu-port-filter"
              >
                <MenuItem value="">All ports</MenuItem>
                {olt?.ponPorts.map((p) => (
                  <MenuItem key={p} value={String(p)}>
                    {`${olt.mode.toUpperCase()} port ${p}`}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" sx={{ minWidth: 180 }}>
              <InputLabel id="onu-signal-filter">Signal</InputLabel>
              <Select
                labelId="onu-signal-filter"
                label="Signal"
                value={params.signal}
                onChange={(e) => setParams({ signal: e.target.value as RxThreshold | '' })}
                data-testid="onu-signal-filter"
              >
                <MenuItem value="">Any signal</MenuItem>
                {RX_THRESHOLDS.map((t) => (
                  <MenuItem key={t} value={t}>
                    {`${RX_THRESHOLDS_DBM[t]} dBm or weaker`}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Box sx={{ flexGrow: 1, '& .MuiTextField-root': { width: '100%' } }}>
              <SearchField value={params.search} onChange={onSearch} label="Search every field" />
            </Box>
          </Stack>
          <OnuTable
            rows={data?.items}
            total={data?.total ?? 0}
            params={params}
            loading={list.isPending}
            refreshing={list.isFetching && !list.isPending}
            error={list.isError ? list.error : null}
            onRetry={() => void list.refetch()}
            filtered={filtered}
            emptyText={emptyText}
            canClear={canClear}
            onSort={(sort) => setParams((current) => nextSort(current, sort))}
            onPage={(page) => setParams({ page })}
            onAction={onAction}
          />
        </CardContent>
      </Card>
    </>
  );
}
