import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControlLabel,
  Grid,
  Skeleton,
  Switch,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { RoleRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { UsersTable } from '../../../shared/ui/users-table';
import { RoleDialog } from '../components/role-dialog';
import { useDeleteRole, useRoles, useSetRoleActive } from '../hooks';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What switching a role on or off does to the people who hold it, said before it happens. */
export function roleSwitchText(role: RoleRow, active: boolean): string {
  const holders =
    role.userCount === 0
      ? 'No user holds this role.'
      : `${plural(role.userCount, 'user holds', 'users hold')} this role.`;
  if (active)
    return `${holders} They get its ${plural(role.menuCodes.length, 'menu', 'menus')} back at once.`;
  return `${holders} ${
    role.userCount === 0 ? 'Users given it later get' : 'They lose'
  } its ${plural(role.menuCodes.length, 'menu', 'menus')} at once: a screen they have open sends them to a page they may still use.`;
}

function RoleCard({ role, onEdit, onDelete }: { role: RoleRow; onEdit: () => void; onDelete: () => void }) {
  const toast = useToast();
  const setActive = useSetRoleActive();
  // The state the switch was moved to, awaiting confirmation.
  const [asked, setAsked] = useState<boolean | null>(null);
  const confirm = () => {
    if (asked === null) return;
    setActive.mutate(
      { id: role.id, active: asked },
      {
        onSuccess: (r) => toast.success(`Role ${r.active ? 'activated' : 'deactivated'} successfully!`),
        onError: (err) => toast.error(messageOf(err, 'Failed to change the role.')),
        onSettled: () => setAsked(null),
      },
    );
  };
  return (
    <Card variant="outlined" data-testid={`role-card-${role.name}`}>
      <CardContent>
        <Typography variant="caption" color="text.secondary">
          Total {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
        </Typography>
        <Typography variant="h6">{role.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {role.menuCodes.length} {role.menuCodes.length === 1 ? 'menu' : 'menus'}
        </Typography>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              size="small"
              checked={role.active}
              disabled={setActive.isPending || asked !== null}
              slotProps={{ input: { 'aria-label': `Active: ${role.name}` } }}
              onChange={(e) => setAsked(e.target.checked)}
            />
          }
          label={role.active ? 'Active' : <Chip size="small" label="Inactive" />}
        />
      </CardContent>
      <ConfirmDialog
        open={asked !== null}
        title={asked ? `Switch on the role ${role.name}?` : `Switch off the role ${role.name}?`}
        text={asked === null ? undefined : roleSwitchText(role, asked)}
        confirmLabel={asked ? 'Yes, switch it on' : 'Yes, switch it off'}
        busy={setActive.isPending}
        onClose={() => setAsked(null)}
        onConfirm={confirm}
      />
      <CardActions>
        <Button size="small" onClick={onEdit} aria-label={`Edit role ${role.name}`}>
          Edit
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={`Delete role ${role.name}`}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}

export default function RolesPage() {
  const toast = useToast();
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);

  return (
    <Box>
      <PageHeader
        title="Roles"
        subtitle="A role is a set of menus; users get the menus of their role."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add New
          </Button>
        }
      />
      {roles.error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void roles.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the roles: {roles.error.message}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mb: 4 }}>
        {roles.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Skeleton variant="rounded" height={150} />
            </Grid>
          ))}
        {roles.data?.length === 0 && (
          <Grid size={12}>
            <Typography color="text.secondary">No roles yet. Add one.</Typography>
          </Grid>
        )}
        {roles.data?.map((r) => (
          <Grid key={r.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <RoleCard role={r} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />
          </Grid>
        ))}
      </Grid>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Users with Roles
      </Typography>
      <UsersTable variant="roles" label="Users with Roles" />
      {editing && <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        text={deleting ? `The role ${deleting.name} will be deleted.` : undefined}
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Role deleted successfully!'),
            onError: (e) => toast.error(messageOf(e, 'Failed to delete the role.')),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Box>
  );
}
