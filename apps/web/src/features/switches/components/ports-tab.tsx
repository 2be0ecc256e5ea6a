import { useCallback } from 'react';
import { Box, Chip, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { SWITCH_MESSAGES } from '@pondesk/contracts';
import { SearchField } from '../../../shared/ui/search-field';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { useSwitchOptions, useSwitchPorts } from '../hooks';
import {
  nextSort,
  pageCount,
  parsePortParams,
  toPortQuery,
  toPortSearchParams,
  updatePortParams,
} from '../list-params';
import { PortTable } from './port-table';

const codec = { parse: parsePortParams, update: updatePortParams, toSearchParams: toPortSearchParams };

/** Spec 2 §2.8: every switch port, filtered by switch and port, searched, sorted and paged on the server. */
export function PortsTab() {
  const [params, setParams] = useUrlParams(codec);
  const onSearch = useCallback((search: string) => setParams({ search }), [setParams]);
  const options = useSwitchOptions();
  const list = useSwitchPorts(toPortQuery(params));
  const data = list.data;
  useLastPageFallback(data, params.page, pageCount, setParams);

  const chosen = options.data?.find((o) => o.id === params.switchId);
  const filtered = !!(params.switchId || params.port || params.search);
  const counts = data?.counts;
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <FormControl size="small" sx={{ minWidth: 220 }} disabled={options.isError}>
          <InputLabel id="switch-filter-label">Switch</InputLabel>
          <Select
            labelId="switch-filter-label"
            label="Switch"
            value={chosen ? params.switchId : ''}
            onChange={(e) => setParams({ switchId: e.target.value })}
          >
            <MenuItem value="">All switches</MenuItem>
            {options.data?.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 180 }} disabled={!chosen}>
          <InputLabel id="switch-port-filter-label">Port</InputLabel>
          <Select
            labelId="switch-port-filter-label"
            label="Port"
            value={chosen?.ports.some((p) => p.name === params.port) ? params.port : ''}
            onChange={(e) => setParams({ port: e.target.value })}
          >
            <MenuItem value="">All ports</MenuItem>
            {chosen?.ports.map((p) => (
              <MenuItem key={p.id} value={p.name}>
                {p.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Box sx={{ flexGrow: 1, '& .MuiTextField-root': { width: '100%' } }}>
          <SearchField
            value={params.search}
            onChange={onSearch}
            label="Search ports"
            testId="switch-port-search"
          />
        </Box>
      </Stack>
      {counts && counts.total > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mb: 1.5, flexWrap: 'wrap' }}
          useFlexGap
          data-testid="switch-port-counts"
        >
          <Chip size="small" variant="outlined" label={`${counts.total} ports`} />
          <Chip size="small" variant="outlined" color="success" label={`${counts.up} up`} />
          <Chip size="small" variant="outlined" color="error" label={`${counts.down} down`} />
          <Chip size="small" variant="outlined" color="error" label={`${counts.critical} critical`} />
          <Chip size="small" variant="outlined" color="warning" label={`${counts.warning} warning`} />
        </Stack>
      )}
      <PortTable
        label="Switch ports"
        rows={data?.items}
        total={data?.total ?? 0}
        page={params.page}
        sort={params.sort}
        order={params.order}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        emptyText={filtered ? 'No port matches these filters.' : SWITCH_MESSAGES.noPorts}
        onSort={(sort) => setParams((current) => nextSort(current, sort))}
        onPage={(page) => setParams({ page })}
      />
    </>
  );
}
