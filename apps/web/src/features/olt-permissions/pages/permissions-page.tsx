import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Grid, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import { IDENTITY_MESSAGES, type OltChoiceRow, type OltPermissionRow } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { DataTable } from '../../../shared/ui/data-table';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { useUser } from '../../../shared/users/hooks';
import { filterByName } from '../filter';
import { useOltChoices, usePermittedOlts, useUpdateOltPermissions } from '../hooks';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Lists({ userId }: { userId: string }) {
  const toast = useToast();
  const user = useUser(userId);
  const permitted = usePermittedOlts(userId);
  const choices = useOltChoices();
  const update = useUpdateOltPermissions(userId);
  const [permittedSearch, setPermittedSearch] = useState('');
  const [allSearch, setAllSearch] = useState('');
  const permittedIds = new Set(permitted.data?.map((p) => p.oltId));

  if (user.error instanceof ApiError && user.error.status === 404) return <NoUser missing />;

  const change = (action: 'add' | 'remove', oltId: string) =>
    update.mutate(
      { action, oltIds: [oltId] },
      {
        onSuccess: () => toast.success(IDENTITY_MESSAGES.permissionUpdated),
        onError: (e) => toast.error(messageOf(e, 'Failed to update the permission.')),
      },
    );

  return (
    <>
      <PageHeader
        title={user.data ? `OLT permissions of ${user.data.username}` : 'OLT permissions'}
        subtitle={user.data?.roleName ? `Role: ${user.data.roleName}` : undefined}
        actions={
          <Button component={RouterLink} to="/roles-permission" startIcon={<ArrowBackIcon />}>
            Back
          </Button>
        }
      />
      {user.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Could not load the user: {user.error.message}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Stack spacing={1.5}>
            <Typography variant="h6">Permitted OLT List</Typography>
            <TextField
              size="small"
              label="Search permitted OLTs"
              value={permittedSearch}
              onChange={(e) => setPermittedSearch(e.target.value)}
            />
            <DataTable<OltPermissionRow>
              label="Permitted OLT List"
              rows={permitted.data && filterByName(permitted.data, permittedSearch)}
              rowKey={(r) => r.oltId}
              loading={permitted.isPending}
              error={permitted.error}
              onRetry={() => void permitted.refetch()}
              empty={permittedSearch ? 'No permitted OLT matches.' : 'This user may not see any OLT yet.'}
              columns={[
                { key: 'name', header: 'Name', render: (r) => r.name },
                { key: 'branch', header: 'Branch', render: (r) => r.branchName ?? '—' },
                { key: 'code', header: 'Olt ID', render: (r) => r.oltCode },
                {
                  key: 'actions',
                  header: 'Actions',
                  align: 'right',
                  render: (r) => (
                    <Tooltip title="Remove">
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={`Remove ${r.name}`}
                        disabled={update.isPending}
                        onClick={() => change('remove', r.oltId)}
                      >
                        <RemoveCircleIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ),
                },
              ]}
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Stack spacing={1.5}>
            <Typography variant="h6">Permission List</Typography>
            <TextField
              size="small"
              label="Search all OLTs"
              value={allSearch}
              onChange={(e) => setAllSearch(e.target.value)}
            />
            <DataTable<OltChoiceRow>
              label="Permission List"
              rows={choices.data && filterByName(choices.data, allSearch)}
              rowKey={(r) => r.id}
              loading={choices.isPending}
              error={choices.error}
              onRetry={() => void choices.refetch()}
              empty={allSearch ? 'No OLT matches.' : 'Your account has no OLTs yet.'}
              columns={[
                { key: 'name', header: 'Name', render: (r) => r.name },
                { key: 'code', header: 'Olt ID', render: (r) => r.oltCode },
                {
                  key: 'actions',
                  header: 'Actions',
                  align: 'right',
                  render: (r) => (
                    <Tooltip title={permittedIds.has(r.id) ? 'Already permitted' : 'Add'}>
                      <span>
                        <IconButton
                          size="small"
                          color="primary"
                          aria-label={`Add ${r.name}`}
                          disabled={update.isPending || permittedIds.has(r.id)}
                          onClick={() => change('add', r.id)}
                        >
                          <AddCircleIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  ),
                },
              ]}
            />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}

function NoUser({ missing }: { missing?: boolean }) {
  return (
    <>
      <PageHeader title="OLT permissions" />
      <Alert
        severity={missing ? 'error' : 'info'}
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/roles-permission">
            Choose a user
          </Button>
        }
      >
        {missing ? 'There is no such user.' : 'Choose a user to manage the OLTs they may see.'}
      </Alert>
    </>
  );
}

/**
 * /permissions/:id?/:user_id? — the original's first parameter was an account id, which we do not put
 * in URLs; the user is the last id given.
 */
export default function PermissionsPage() {
  const { id, user_id: userIdParam } = useParams();
  const userId = userIdParam ?? id;
  return (
    <Box>
      {userId && UUID.test(userId) ? <Lists key={userId} userId={userId} /> : <NoUser missing={!!userId} />}
    </Box>
  );
}
