import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { CreatedShareToken, ShareTokenRow } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { CreateTokenDialog } from '../components/create-token-dialog';
import { TokenCreatedDialog } from '../components/token-created-dialog';
import { useRevokeShareToken, useShareTokens } from '../hooks';
import { scopeText, tokenState } from '../share-form';

const PAGE_SIZE = 20;

/**
 * /share-olt (2005): the links that show this ISP's OLTs read-only without a sign-in. Tokens are made
 * here (shown once), listed masked with their use, and revoked; a revoked link stops at once.
 */
export default function ShareOltPage() {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const tokens = useShareTokens(page, PAGE_SIZE);
  const revoke = useRevokeShareToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedShareToken | null>(null);
  const [revoking, setRevoking] = useState<ShareTokenRow | null>(null);

  const columns: Column<ShareTokenRow>[] = [
    {
      key: 'label',
      header: 'Label',
      render: (r) => r.label ?? <Typography color="text.secondary">—</Typography>,
    },
    {
      key: 'scope',
      header: 'Shares',
      render: (r) => <span title={r.oltNames.join(', ')}>{scopeText(r)}</span>,
    },
    {
      key: 'token',
      header: 'Token',
      render: (r) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }} data-testid="share-token-masked">
          {r.maskedToken}
        </Typography>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      render: (r) => (
        <>
          {formatDateTime(r.createdAt)}
          <Typography variant="caption" color="text.secondary" component="div">
            by {r.createdBy}
          </Typography>
        </>
      ),
    },
    {
      key: 'expires',
      header: 'Works until',
      render: (r) => (r.expiresAt ? formatDateTime(r.expiresAt) : 'Until revoked'),
    },
    {
      key: 'used',
      header: 'Last used',
      render: (r) => (
        <>
          {formatDateTime(r.lastUsedAt, 'Never')}
          <Typography variant="caption" color="text.secondary" component="div">
            {r.useCount} view{r.useCount === 1 ? '' : 's'}
          </Typography>
        </>
      ),
    },
    {
      key: 'state',
      header: 'Status',
      render: (r) => {
        const s = tokenState(r);
        return <Chip size="small" label={s.label} color={s.color} data-testid="share-token-state" />;
      },
    },
    {
      key: 'actions',
      header: 'Action',
      align: 'right',
      render: (r) =>
        r.revokedAt ? null : (
          <>
            {r.scope === 'olts' && r.oltIds.length === 1 && (
              // A link of one OLT is that OLT's token (the Edit OLT page's Token field).
              <Button size="small" component={RouterLink} to={`/share-olt/${r.oltIds[0]}`}>
                Update Token
              </Button>
            )}
            <Button size="small" color="error" onClick={() => setRevoking(r)}>
              Revoke
            </Button>
          </>
        ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title="Share OLT"
        subtitle="Links that show your OLTs and their ONUs read-only, without a sign-in"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create New Token
          </Button>
        }
      />
      <DataTable
        label="share tokens"
        columns={columns}
        rows={tokens.data?.items}
        rowKey={(r) => r.id}
        loading={tokens.isPending}
        refreshing={tokens.isFetching && !tokens.isPending}
        error={tokens.error}
        onRetry={() => void tokens.refetch()}
        empty="No share link yet. Create New Token makes one; it shows your OLTs read-only to whoever has it."
        paging={
          tokens.data
            ? { page, pageSize: PAGE_SIZE, total: tokens.data.total, onPageChange: setPage }
            : undefined
        }
      />
      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          setCreated(c);
        }}
      />
      <TokenCreatedDialog created={created} title="Share link created" onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={!!revoking}
        title="Revoke this link?"
        text="Whoever has it loses the shared view at once, including pages open now. This cannot be undone."
        confirmLabel="Yes, revoke it"
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('Link revoked');
              setRevoking(null);
            },
            onError: (error) => toast.error(messageOf(error, 'Failed to revoke the link.')),
          })
        }
      />
    </Box>
  );
}
