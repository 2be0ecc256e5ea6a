import { Box, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { PING_MESSAGES } from '@pondesk/contracts';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';
import { PageHeader } from '../../../shared/ui/page-header';
import { SearchField } from '../../../shared/ui/search-field';
import { TablePager } from '../../../shared/ui/table-pager';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { OutageTable } from '../components/outage-table';
import { usePopOptions, usePopOutages } from '../hooks';
import {
  MAX_SEARCH_LENGTH,
  hasOutageFilters,
  nextOutageSort,
  outagePages,
  outageRangeError,
  parseOutageParams,
  toOutageQuery,
  toOutageSearchParams,
  updateOutageParams,
} from '../outage-params';

/**
 * /pop-log (2011), the Pop Elc Down Log: each outage of a POP's power sources, from its last reply to
 * its first one after, newest first and paged on the server; filters live in the address bar and new
 * outages appear as the worker reports them.
 */
export default function PopLogPage() {
  const [params, setParams] = useUrlParams({
    parse: parseOutageParams,
    update: updateOutageParams,
    toSearchParams: toOutageSearchParams,
  });
  const outages = usePopOutages(toOutageQuery(params));
  const pops = usePopOptions();
  const data = outages.data;
  useLastPageFallback(data, params.page, outagePages, setParams);
  const pages = data ? outagePages(data.total) : 1;
  // A POP from a link keeps its option while the list loads (or after it was removed).
  const options =
    params.pop && !pops.data?.some((p) => p.id === params.pop)
      ? [...(pops.data ?? []), { id: params.pop, name: 'Selected POP' }]
      : (pops.data ?? []);

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="pop-log-page">
      <PageHeader
        title="Pop Elc Down Log"
        subtitle="When each power source of your POPs went down and came back"
      />
      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ mb: 2, flexWrap: 'wrap', alignItems: { md: 'flex-start' } }}
            data-testid="outage-filters"
          >
            <TextField
              select
              size="small"
              label="POP"
              value={params.pop}
              onChange={(e) => setParams({ pop: e.target.value })}
              sx={{ minWidth: 200 }}
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'outage-filter-pop' },
              }}
            >
              <MenuItem value="">All POPs</MenuItem>
              {options.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
            <SearchField
              value={params.q}
              onChange={(q) => setParams({ q })}
              placeholder="Search..."
              ariaLabel="Search the down log"
              maxLength={MAX_SEARCH_LENGTH}
              minWidth={220}
              testId="outage-search"
            />
            <DateRangeFields
              from={params.from}
              to={params.to}
              onChange={(change) => setParams(change)}
              problem={outageRangeError(params)}
            />
            {hasOutageFilters(params) && (
              <Button
                startIcon={<FilterAltOffIcon />}
                onClick={() => setParams({ pop: '', q: '', from: '', to: '' })}
                sx={{ alignSelf: { md: 'center' } }}
              >
                Clear filters
              </Button>
            )}
          </Stack>
          <OutageTable
            rows={data?.items}
            page={params.page}
            loading={outages.isPending}
            refreshing={outages.isFetching && !outages.isPending}
            error={outages.isError ? outages.error : null}
            onRetry={() => void outages.refetch()}
            emptyText={PING_MESSAGES.popLogEmpty}
            sort={params.sort}
            order={params.order}
            onSort={(sort) => setParams((current) => nextOutageSort(current, sort))}
            footer={
              <TablePager
                summary={data ? `${data.total} outage${data.total === 1 ? '' : 's'}` : ''}
                page={Math.min(params.page, pages)}
                pages={pages}
                onPage={(page) => setParams({ page })}
                testId="outage-pager"
                summaryTestId="outage-total"
              />
            }
          />
        </CardContent>
      </Card>
    </Box>
  );
}
