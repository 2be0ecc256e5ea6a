import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent } from '@mui/material';
import SensorsIcon from '@mui/icons-material/Sensors';
import { LOG_PAGE_SIZE } from '@pondesk/contracts';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { PageHeader } from '../../../shared/ui/page-header';
import { LogFilters } from '../components/log-filters';
import { LogPager } from '../components/log-pager';
import { LogTable } from '../components/log-table';
import { useLogDevices, useLogList } from '../hooks';
import {
  logEmptyText,
  logPages,
  logTotalText,
  nextLogSort,
  parseLogParams,
  toLogQuery,
  toLogSearchParams,
  updateLogParams,
  type LogParams,
} from '../list-params';

/**
 * /log-list (2002): the syslog lines of the OLTs the user may see and of their MikroTik routers, newest
 * first, filtered by device, text, event, severity and time (the last 7 days unless a range is set),
 * paged on the server.
 */
export default function LogListPage() {
  const [params, setParams] = useUrlParams({
    parse: parseLogParams,
    update: updateLogParams,
    toSearchParams: toLogSearchParams,
  });
  const onChange = useCallback((change: Partial<LogParams>) => setParams(change), [setParams]);

  const list = useLogList(toLogQuery(params));
  const devices = useLogDevices();
  const data = list.data;
  useLastPageFallback(data, params.page, logPages, setParams);

  const deviceName = devices.data?.find((d) => d.id === params.device)?.name;
  const live = params.device
    ? `/live-log-list?device=${encodeURIComponent(params.device)}`
    : '/live-log-list';

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="log-list-page">
      <PageHeader
        title="Log List"
        subtitle="Syslog lines from your OLTs and MikroTik routers, newest first"
        actions={
          <Button variant="contained" component={RouterLink} to={live} startIcon={<SensorsIcon />}>
            Live log
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent>
          <LogFilters params={params} devices={devices.data} onChange={onChange} />
          <LogTable
            label="Log List"
            rows={data?.items}
            loading={list.isPending}
            refreshing={list.isFetching && !list.isPending}
            error={list.isError ? list.error : null}
            onRetry={() => void list.refetch()}
            empty={logEmptyText(params, deviceName)}
            sort={params.sort}
            order={params.order}
            onSort={(sort) => setParams((current) => nextLogSort(current, sort))}
            footer={
              <LogPager
                summary={data ? logTotalText(data.total, data.sortedWithin) : ''}
                page={params.page}
                hasNext={!!data && params.page * LOG_PAGE_SIZE < data.total}
                onPage={(page) => setParams({ page })}
              />
            }
          />
        </CardContent>
      </Card>
    </Box>
  );
}
