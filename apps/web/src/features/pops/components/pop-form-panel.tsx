import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { POP_NAME_MAX, type PopRow } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useBranchChoices, useSavePop } from '../hooks';
import {
  hasErrors,
  popFormErrors,
  popFormFrom,
  toPopRequest,
  type FormErrors,
  type PopField,
  type PopFormValues,
} from '../pop-forms';
import { SidePanel } from './side-panel';

/** The Area List's side panel: POP Name, Area Name and Area (a branch). */
export function PopFormPanel({ pop, onClose }: { pop: PopRow | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSavePop();
  const branches = useBranchChoices();
  const [values, setValues] = useState<PopFormValues>(() => popFormFrom(pop));
  const [errors, setErrors] = useState<FormErrors<PopField>>({});
  const busy = save.isPending;
  const set = (key: PopField, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // The POP's branch stays listed while the choices load, or when it is not among them.
  const options = branches.data ?? [];
  const current =
    values.branchId && !options.some((b) => b.id === values.branchId)
      ? [{ id: values.branchId, name: pop?.branchName ?? 'Current branch' }]
      : [];

  const submit = () => {
    const problems = popFormErrors(values);
    if (hasErrors(problems)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: pop?.id ?? null, body: toPopRequest(values, branches.allowed) },
      {
        onSuccess: () => {
          toast.success(pop ? 'Pop updated successfully!' : 'Pop added successfully!');
          onClose();
        },
        onError: (error) => {
          const f = fieldErrorsOf(error);
          setErrors({ name: f.name, areaName: f.areaName, branchId: f.branchId });
          toast.error(messageOf(error, pop ? 'Failed to update the POP.' : 'Failed to add the POP.'));
        },
      },
    );
  };

  return (
    <SidePanel
      title={pop ? 'Edit Pop' : 'Add New Pop'}
      editing={!!pop}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      testId="pop-form"
    >
      <TextField
        label="POP Name"
        name="name"
        required
        autoFocus
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        disabled={busy}
        error={!!errors.name}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: POP_NAME_MAX } }}
      />
      <TextField
        label="Area Name"
        name="areaName"
        value={values.areaName}
        onChange={(e) => set('areaName', e.target.value)}
        disabled={busy}
        error={!!errors.areaName}
        helperText={errors.areaName}
        slotProps={{ htmlInput: { maxLength: POP_NAME_MAX } }}
      />
      <TextField
        select
        label="Area"
        name="branchId"
        value={values.branchId}
        onChange={(e) => set('branchId', e.target.value)}
        disabled={busy || !branches.allowed}
        error={!!errors.branchId || branches.isError}
        helperText={
          errors.branchId ??
          (!branches.allowed
            ? 'Choosing a branch needs the Olt List or Admin permission; ask an administrator.'
            : branches.isError
              ? `Could not load the branches: ${branches.error.message}`
              : 'The branch (zone) this POP serves')
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        data-testid="pop-form-branch"
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {[...current, ...options].map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.name}
          </MenuItem>
        ))}
      </TextField>
    </SidePanel>
  );
}
