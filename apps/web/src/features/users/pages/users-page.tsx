import { useState } from 'react';
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IDENTITY_MESSAGES, type UserRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { useSession } from '../../auth/session';
import { UserFormDrawer } from '../components/user-form-drawer';
import { UsersTable } from '../../../shared/ui/users-table';
import { useDeleteUser, useSetUserStatus } from '../hooks';

type Pending = { kind: 'delete' | 'hold'; user: UserRow } | null;

export default function UsersPage() {
  const toast = useToast();
  const me = useSession().user?.id;
  const [editing, setEditing] = useState<UserRow | null | 'new'>(null);
  const [pending, setPending] = useState<Pending>(null);
  const remove = useDeleteUser();
  const setStatus = useSetUserStatus();

  const activate = (user: UserRow) =>
    setStatus.mutate(
      { id: user.id, status: 'active' },
      {
        onSuccess: () => toast.success(IDENTITY_MESSAGES.statusUpdated),
        onError: (e) => toast.error(messageOf(e, 'Failed to update the status.')),
      },
    );

  const confirm = () => {
    if (!pending) return;
    const done = { onSettled: () => setPending(null) };
    if (pending.kind === 'delete')
      remove.mutate(pending.user.id, {
        ...done,
        onSuccess: () => toast.success(IDENTITY_MESSAGES.userDeleted),
        onError: (e) => toast.error(messageOf(e, 'Failed to delete user.')),
      });
    else
      setStatus.mutate(
        { id: pending.user.id, status: 'hold' },
        {
          ...done,
          onSuccess: () => toast.success(IDENTITY_MESSAGES.userHeld),
          onError: (e) => toast.error(messageOf(e, 'Failed to hold user.')),
        },
      );
  };

  return (
    <Box>
      <PageHeader title="Users" subtitle="Staff of your ISP account, their roles and branches." />
      <UsersTable
        variant="admin"
        toolbar={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Add New
          </Button>
        }
        actions={{
          header: 'Actions',
          render: (u) => (
            <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
              <Tooltip title="Edit">
                <IconButton size="small" aria-label={`Edit ${u.username}`} onClick={() => setEditing(u)}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={u.id === me ? 'You cannot delete your own account' : 'Delete'}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Delete ${u.username}`}
                    disabled={u.id === me}
                    onClick={() => setPending({ kind: 'delete', user: u })}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              {u.status === 'active' ? (
                <Tooltip title={u.id === me ? 'You cannot hold your own account' : 'Hold'}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Hold ${u.username}`}
                      disabled={u.id === me}
                      onClick={() => setPending({ kind: 'hold', user: u })}
                    >
                      <PauseIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              ) : (
                <Tooltip title="Activate">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Activate ${u.username}`}
                      disabled={setStatus.isPending}
                      onClick={() => activate(u)}
                    >
                      <PlayArrowIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
            </Stack>
          ),
        }}
      />
      {editing && (
        <UserFormDrawer user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!pending}
        text={
          pending?.kind === 'delete'
            ? `${pending.user.username} will be deleted.`
            : pending
              ? `${pending.user.username} will be signed out and cannot sign in until activated.`
              : undefined
        }
        confirmLabel={pending?.kind === 'hold' ? 'Yes, hold it!' : 'Yes, delete it!'}
        busy={remove.isPending || setStatus.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
