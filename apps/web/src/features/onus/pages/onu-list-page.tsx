import { useCallback, useState } from 'react';
import { Box } from '@mui/material';
import { Permission, type OnuRow } from '@pondesk/contracts';
import { useSession } from '../../auth/session';
import { noOltText } from '../../../shared/ui/no-olt-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useUrlParams } from '../../../shared/use-url-params';
import type { OnuListSource } from '../api';
import { OnuActionDialogs, type PendingAction } from '../components/onu-action-dialogs';
import { OnuListView } from '../components/onu-list-view';
import type { OnuAction } from '../components/onu-row-actions';
import { useOnuFilters, useOnuList, useOnuLiveUpdates } from '../hooks';
import { parseOnuParams, toOnuQuery, toOnuSearchParams, updateOnuParams } from '../list-params';

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

  useOnuLiveUpdates();
  const list = useOnuList(source, toOnuQuery(params));
  const filters = useOnuFilters();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const onAction = useCallback((action: OnuAction, onu: OnuRow) => setPending({ action, onu }), []);

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
      <OnuListView
        list={list}
        filters={filters.data}
        params={params}
        setParams={setParams}
        emptyText={emptyText}
        canClear={canClear}
        onAction={onAction}
      />
      <OnuActionDialogs pending={pending} onClose={() => setPending(null)} />
    </Box>
  );
}
