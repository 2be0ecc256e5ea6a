import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box } from '@mui/material';
import { emptyOltForm } from '@pondesk/contracts';
import { messageOf } from '../../../shared/ui/errors';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { OltFormView } from '../components/olt-form/olt-form-view';
import { useCreateOlt } from '../hooks';
import { toCreateRequest } from '../olt-form';

export const OLT_CREATED = 'Olt Created Successfully!';
export const OLT_CREATE_FAILED = 'Failed to Create Olt!';

export default function AddOltPage() {
  const navigate = useNavigate();
  const create = useCreateOlt();
  const toast = useToast();
  const [initial] = useState(emptyOltForm);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader
        title="Add Olt"
        subtitle="The OLT port (and the MikroTik port, if the OLT has one) is checked from the worker as you type; Add Olt is enabled once they are open."
      />
      <OltFormView
        mode="create"
        initial={initial}
        submitLabel="Add Olt"
        onCancel={() => navigate('/olt-list')}
        onSubmit={async (values) => {
          try {
            await create.mutateAsync(toCreateRequest(values));
          } catch (error) {
            toast.error(`${OLT_CREATE_FAILED} ${messageOf(error, '')}`.trim());
            throw error;
          }
          toast.success(OLT_CREATED);
          navigate('/olt-list');
        }}
      />
    </Box>
  );
}
