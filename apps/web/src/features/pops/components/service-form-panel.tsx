import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { SERVICE_NAME_MAX, type ServiceRow } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useSaveService } from '../hooks';
import {
  hasErrors,
  serviceFormErrors,
  serviceFormFrom,
  toServiceRequest,
  type FormErrors,
  type ServiceFormValues,
} from '../pop-forms';
import { SidePanel } from './side-panel';

/** The Service List's form: Service Name and Status (active or inactive). */
export function ServiceFormPanel({ service, onClose }: { service: ServiceRow | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveService();
  const [values, setValues] = useState<ServiceFormValues>(() => serviceFormFrom(service));
  const [errors, setErrors] = useState<FormErrors<'name' | 'active'>>({});
  const busy = save.isPending;

  const submit = () => {
    const problems = serviceFormErrors(values);
    if (hasErrors(problems)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: service?.id ?? null, body: toServiceRequest(values) },
      {
        onSuccess: () => {
          toast.success(service ? 'Service updated successfully!' : 'Service added successfully!');
          onClose();
        },
        onError: (error) => {
          const f = fieldErrorsOf(error);
          setErrors({ name: f.name, active: f.active });
          toast.error(
            messageOf(error, service ? 'Failed to update the service.' : 'Failed to add the service.'),
          );
        },
      },
    );
  };

  return (
    <SidePanel
      title={service ? 'Edit Service' : 'Add New Service'}
      editing={!!service}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      testId="service-form"
    >
      <TextField
        label="Service Name"
        name="name"
        required
        autoFocus
        value={values.name}
        onChange={(e) => {
          setValues((v) => ({ ...v, name: e.target.value }));
          setErrors((er) => ({ ...er, name: undefined }));
        }}
        disabled={busy}
        error={!!errors.name}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: SERVICE_NAME_MAX } }}
      />
      <TextField
        select
        label="Status"
        name="active"
        value={values.active ? 'active' : 'inactive'}
        onChange={(e) => setValues((v) => ({ ...v, active: e.target.value === 'active' }))}
        disabled={busy}
        error={!!errors.active}
        helperText={errors.active}
      >
        <MenuItem value="active">Active</MenuItem>
        <MenuItem value="inactive">Inactive</MenuItem>
      </TextField>
    </SidePanel>
  );
}
