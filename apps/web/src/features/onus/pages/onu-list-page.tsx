import { useCallback, useState } from 'react';
import { Box, Card, CardContent, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import {
  Permission,
  RX_THRESHOLDS,
  RX_THRESHOLDS_DBM,
  type OnuRow,
  type RxThreshold,
} from '@pondesk/contracts';
import { useSession } from '../../auth/session';
import { noOltText } from '../../../shared/ui/no-olt-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { SearchField } from '../../../shared/ui/search-field';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import type { OnuListSource } from '../api';
import { OnuActionDialogs, type PendingAction } from '../components/onu-action-dialogs';
import { OnuCounts } from '../components/onu-counts';
import type { OnuAction } from '../components/onu-row-actions';
import { OnuTable } from '../components/onu-table';
import { useOnuFilters, useOnuList, useOnuLiveUpdates } from '../hooks';
import {
  nextSort,
  pageCount,
  parseOnuParams,
  toOnuQuery,
  toOnuSearchParams,
  updateOnuParams,
} from '../list-params';

const TITLES: Record<OnuListSource, string> = { 'data-ports': 'Olt Data Port', ports: 'Olt Port' };

/** /olt-data-ports (2007) and /olt-ports (2003): every ONU the user may see, filtered on the server. */
export function OnuListPage({ source }: { source: OnuListSource }) {
  const { user } = useSession();
  const canClear = !!user?.permissions.includes(Permission.PortClear);
  const [params, setParams] = useUrlParams({
    parse: parseOnuParams,
    update: updateOnuParams,
    toSearchParams: toOnuSearchParams,
  });
  const onSearch = useCallback((search: string) => setParams({ search }), [setParams]);

  useOnuLiveUpdates();
  const list = useOnuList(source, toOnuQuery(params));
  const filters = useOnuFilters();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const onAction = useCallback((action: OnuAction, onu: OnuRow) => setPending({ action, onu }), []);

  const data = list.data;
  useLastPageFallback(data, params.page, pageCount, setParams);

  const olt = filters.data?.olts.find((o) => o.id === params.oltId);
  const filtered = !!(
    params.oltId ||
    params.ponPort ||
    params.search ||
    params.status ||
    params.reason ||
    params.signal
  );
  const noOlt = noOltText(user?.permissions);
  const emptyText =
    filters.data && filters.data.olts.length === 0
      ? `${noOlt.title}. ${noOlt.text}`
      : 'No ONU yet. ONUs appear here after the first poll of an OLT.';

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      <PageHeader
        title={TITLES[source]}
        subtitle="Every ONU of the OLTs you may see, as the last poll found it"
      />
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
                {filters.data?.olts.map((o) => (
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
      <OnuActionDialogs pending={pending} onClose={() => setPending(null)} />
    </Box>
  );
}
