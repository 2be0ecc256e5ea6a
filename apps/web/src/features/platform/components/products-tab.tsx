import { useState } from 'react';
import { Button, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { OtherProduct } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { safeLink } from '../../content/links';
import { useDeleteProduct, useProducts } from '../hooks';
import { ProductDialog } from './product-dialog';
import { TabToolbar } from './tab-toolbar';

/** The 'Other services' cards of the support panel. */
export function ProductsTab() {
  const toast = useToast();
  const products = useProducts();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<OtherProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OtherProduct | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`${deleting.name} deleted`),
      onError: (error) => toast.error(messageOf(error, 'Failed to delete the service')),
      onSettled: () => setDeleting(null),
    });
  };

  const columns: Column<OtherProduct>[] = [
    { key: 'order', header: 'Order', align: 'right', render: (p) => p.sortOrder },
    {
      key: 'name',
      header: 'Name',
      render: (p) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {p.name}
        </Typography>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      render: (p) => (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
          {p.description || '—'}
        </Typography>
      ),
    },
    {
      key: 'link',
      header: 'Link',
      render: (p) => {
        const href = safeLink(p.link);
        return href ? (
          <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
            {p.link}
          </Link>
        ) : (
          <Typography variant="body2" color="error">
            Not an https link: not shown
          </Typography>
        );
      },
    },
    { key: 'photo', header: 'Photo', render: (p) => (p.photoUrl ? 'Yes' : '—') },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            onClick={() => setEditing(p)}
            aria-label={`Edit ${p.name}`}
            data-testid="product-edit"
          >
            Edit
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(p)}
            aria-label={`Delete ${p.name}`}
            data-testid="product-delete"
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <TabToolbar text="Shown under 'Other services' in the support panel, in this order.">
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing('new')}
          data-testid="product-add"
        >
          Add service
        </Button>
      </TabToolbar>
      <DataTable
        label="services"
        columns={columns}
        rows={products.data && [...products.data].sort((a, b) => a.sortOrder - b.sortOrder)}
        rowKey={(p) => p.id}
        loading={products.isPending}
        refreshing={products.isFetching && !products.isPending}
        error={products.isError ? products.error : null}
        onRetry={() => void products.refetch()}
        empty="No other services yet."
      />
      {editing && (
        <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Delete service?"
        text={deleting ? `${deleting.name} will no longer be shown in the support panel.` : undefined}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
