import { useParams, Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Box, Button, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { SHARE_MESSAGES, ShareErrorCode } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { formatDateTime } from '../../../shared/format';
import { PageHeader, useDocumentTitle } from '../../../shared/ui/page-header';
import { useUrlParams } from '../../../shared/use-url-params';
import {
  OnuListView,
  parseOnuParams,
  toOnuQuery,
  toOnuSearchParams,
  updateOnuParams,
  type OnuListParams,
} from '../../onus';
import { SharedOltTable } from '../components/shared-olt-table';
import { useSharedFilters, useSharedLive, useSharedOnus, useSharedView } from '../hooks';

/** True when the API said the link itself is no good (unknown, revoked, expired). */
const linkInvalid = (error: Error | null) =>
  error instanceof ApiError &&
  (error.status === 401 || error.status === 404) &&
  (error.body.code === undefined || error.body.code === ShareErrorCode.SHARE_INVALID);

function InvalidLink() {
  useDocumentTitle(SHARE_MESSAGES.invalid);
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', mt: 8, textAlign: 'center' }} data-testid="share-invalid">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {SHARE_MESSAGES.invalid}
      </Typography>
      <Typography color="text.secondary">
        The link was revoked or has run out. Ask whoever shared it with you for a new one.
      </Typography>
    </Box>
  );
}

function SharedPorts({ token }: { token: string }) {
  const [params, setParams] = useUrlParams<OnuListParams>({
    parse: parseOnuParams,
    update: updateOnuParams,
    toSearchParams: toOnuSearchParams,
  });
  const list = useSharedOnus(token, toOnuQuery(params));
  const filters = useSharedFilters(token);
  return (
    <OnuListView
      list={list}
      filters={filters.data}
      params={params}
      setParams={setParams}
      emptyText="No ONU yet. ONUs appear here after the first poll of a shared OLT."
    />
  );
}

/**
 * `/share/:token` and `/share/:token/ports`: what a share link shows, without a sign-in. The Dashboard
 * List (per OLT counts) and the OLT Port List (the ONU table, read-only), live over the link's own socket.
 */
export default function SharedViewPage() {
  const { token = '', view } = useParams();
  const location = useLocation();
  const ports = view === 'ports';
  const base = `/share/${encodeURIComponent(token)}`;
  const shared = useSharedView(token);
  const live = useSharedLive(token);

  if (linkInvalid(shared.error) || (live.ended && shared.isError)) return <InvalidLink />;
  const data = shared.data;
  const tab = ports ? 'ports' : 'dashboard';
  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
      <PageHeader
        title={data?.tenantName ? `${data.tenantName} · Shared OLT view` : 'Shared OLT view'}
        subtitle={
          data?.expiresAt
            ? `Read-only. This link works until ${formatDateTime(data.expiresAt)}.`
            : 'Read-only. Counts and statuses as the last poll found them.'
        }
        actions={
          <Chip
            size="small"
            color={live.connected ? 'success' : 'default'}
            variant="outlined"
            label={live.connected ? 'Live' : 'Connecting…'}
            data-testid="share-live"
          />
        }
      />
      {shared.isError && !linkInvalid(shared.error) && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void shared.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the shared view: {shared.error.message}
        </Alert>
      )}
      <Stack direction="row" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} aria-label="Shared views">
          <Tab value="dashboard" label="Dashboard List" component={RouterLink} to={base} />
          <Tab
            value="ports"
            label="OLT Port List"
            component={RouterLink}
            to={`${base}/ports${ports ? location.search : ''}`}
          />
        </Tabs>
      </Stack>
      {ports ? (
        <SharedPorts token={token} />
      ) : (
        <SharedOltTable
          olts={data?.olts}
          loading={shared.isPending}
          portsHref={(oltId) => `${base}/ports?olt=${encodeURIComponent(oltId)}`}
        />
      )}
    </Box>
  );
}
