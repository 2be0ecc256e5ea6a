import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { BranchRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { UsersTable } from '../../../shared/ui/users-table';
import { BranchDialog } from '../components/branch-dialog';
import { useBranches, useDeleteBranch } from '../hooks';

export default function BranchesPage() {
  const toast = useToast();
  const branches = useBranches();
  const remove = useDeleteBranch();
  const [editing, setEditing] = useState<BranchRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BranchRow | null>(null);

  return (
    <Box>
      <PageHeader
        title="Branch"
        subtitle="Branches (zones) group your OLTs and staff."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add New
          </Button>
        }
      />
      {branches.error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void branches.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the branches: {branches.error.message}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mb: 4 }}>
        {branches.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Skeleton variant="rounded" height={140} />
            </Grid>
          ))}
        {branches.data?.length === 0 && (
          <Grid size={12}>
            <Typography color="text.secondary">No branches yet. Add one.</Typography>
          </Grid>
        )}
        {branches.data?.map((b) => (
          <Grid key={b.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Card variant="outlined" data-testid={`branch-card-${b.name}`}>
              <CardContent>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography variant="h6">{b.name}</Typography>
                  <Chip
                    size="small"
                    label={b.isActive ? 'Active' : 'Inactive'}
                    color={b.isActive ? 'success' : 'default'}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {b.address || 'No address'}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {b.userCount} {b.userCount === 1 ? 'user' : 'users'}
                </Typography>
              </CardContent>
              <CardActions>
                <Button size="small" onClick={() => setEditing(b)}>
                  Edit Branch
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(b)}>
                  Delete Branch
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Users
      </Typography>
      <UsersTable variant="branches" />
      {editing && (
        <BranchDialog branch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        text={deleting ? `The branch ${deleting.name} will be deleted.` : undefined}
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Branch deleted successfully!'),
            onError: (e) => toast.error(messageOf(e, 'Failed to delete the branch.')),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Box>
  );
}
