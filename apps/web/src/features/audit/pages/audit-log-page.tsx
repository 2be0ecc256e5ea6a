import { useState } from 'react';
import { Box, Card, CardContent } from '@mui/material';
import type { AuditRow } from '@pondesk/contracts';
import { useLastPageFallback, useUrlParams } from '../../../shared/use-url-params';
import { PageHeader } from '../../../shared/ui/page-header';
import { AuditDetailsDialog } from '../components/audit-details-dialog';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';
import { useAuditFacets, useAuditLog } from '../hooks';
import {
  auditEmptyText,
  auditPages,
  parseAuditParams,
  toAuditQuery,
  toAuditSearchParams,
  updateAuditParams,
} from '../list-params';

/** A popup's subject stays while it closes, so its content does not vanish during the animation. */
interface Shown<T> {
  value: T | null;
  open: boolean;
}

/**
 * /audit-log (2000): every admin change and device action of the account, newest first, filtered by
 * user, action, kind and days; device writes stand out, and an entry opens its before and after.
 */
export default function AuditLogPage() {
  const [params, setParams] = useUrlParams({
    parse: parseAuditParams,
    update: updateAuditParams,
    toSearchParams: toAuditSearchParams,
  });

  const list = useAuditLog(toAuditQuery(params));
  const facets = useAuditFacets();
  const data = list.data;
  useLastPageFallback(data, params.page, auditPages, setParams);

  const [details, setDetails] = useState<Shown<AuditRow>>({ value: null, open: false });
  const userName = facets.data?.actors.find((a) => a.id === params.user)?.name;

  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="audit-log-page">
      <PageHeader
        title="Audit Log"
        subtitle="Who changed what, and every reboot or delete sent to a device, newest first"
      />
      <Card variant="outlined">
        <CardContent>
          <AuditFilters params={params} facets={facets.data} onChange={setParams} />
          <AuditTable
            rows={data?.items}
            total={data?.total ?? 0}
            page={params.page}
            loading={list.isPending}
            refreshing={list.isFetching && !list.isPending}
            error={list.isError ? list.error : null}
            onRetry={() => void list.refetch()}
            emptyText={auditEmptyText(params, userName)}
            onOpen={(row) => setDetails({ value: row, open: true })}
            onPage={(page) => setParams({ page })}
          />
        </CardContent>
      </Card>
      <AuditDetailsDialog
        row={details.value}
        open={details.open}
        onClose={() => setDetails((d) => ({ ...d, open: false }))}
      />
    </Box>
  );
}
