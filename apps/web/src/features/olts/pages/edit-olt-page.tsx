import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Skeleton, Stack } from '@mui/material';
import { Permission, type OltDetail } from '@pondesk/contracts';
import { useSession } from '../../auth/session';
import { OltTokenForm } from '../../shares';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { OltFormView } from '../components/olt-form/olt-form-view';
import { OltNotFound } from '../components/olt-not-found';
import { isNotFound, useOlt, useUpdateOlt } from '../hooks';
import { formFromDetail, toUpdateRequest } from '../olt-form';

export const OLT_UPDATED = 'Olt Updated Successfully!';
export const OLT_UPDATE_FAILED = 'Failed to Update Olt!';

function EditForm({ olt }: { olt: OltDetail }) {
  const navigate = useNavigate();
  const update = useUpdateOlt(olt.id);
  const toast = useToast();
  // Loaded once: a live refetch must not overwrite what the operator is typing.
  const initial = useMemo(() => formFromDetail(olt), [olt.id]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <OltFormView
      mode="edit"
      initial={initial}
      detail={olt}
      submitLabel="Update Olt"
      onCancel={() => navigate('/olt-list')}
      onSubmit={async (values, clears) => {
        const body = toUpdateRequest(values, initial, clears);
        if (!Object.keys(body).length) {
          toast.success('Nothing changed: there is nothing to update.');
          return;
        }
        try {
          await update.mutateAsync(body);
        } catch (error) {
          toast.error(`${OLT_UPDATE_FAILED} ${messageOf(error, '')}`.trim());
          throw error;
        }
        toast.success(OLT_UPDATED);
        navigate('/olt-list');
      }}
    />
  );
}

export default function EditOltPage() {
  const { edit_id: id } = useParams();
  const olt = useOlt(id);
  const { user } = useSession();
  // The token is managed under Share (2005), which the server checks; without it the field is not shown.
  const canShare = !!user?.permissions.includes(Permission.Share);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader
        title="Edit Olt"
        subtitle={olt.data ? `${olt.data.name} · Olt ID ${olt.data.code}` : undefined}
        actions={
          olt.data && (
            <Button component={RouterLink} to={`/olt-list/${olt.data.id}`}>
              View details
            </Button>
          )
        }
      />
      {olt.isPending && (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={360} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      )}
      {olt.isError &&
        (!olt.data || isNotFound(olt.error)) &&
        (isNotFound(olt.error) ? (
          <OltNotFound />
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void olt.refetch()}>
                Retry
              </Button>
            }
          >
            Cannot load the OLT: {olt.error.message}
          </Alert>
        ))}
      {olt.data && !(olt.isError && isNotFound(olt.error)) && <EditForm key={olt.data.id} olt={olt.data} />}
      {olt.data && canShare && (
        <Box sx={{ mt: 3 }}>
          <OltTokenForm oltId={olt.data.id} oltName={olt.data.name} />
        </Box>
      )}
    </Box>
  );
}
