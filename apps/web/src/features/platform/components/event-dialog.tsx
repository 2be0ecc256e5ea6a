import { Grid, TextField } from '@mui/material';
import { CONTENT_LIMITS, type UpdateEvent } from '@pondesk/contracts';
import { browserTimeZone } from '../../../shared/format';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import {
  eventFormErrors,
  eventFormOf,
  eventServerErrors,
  toEventInput,
  type EventFormValues,
} from '../content-forms';
import { hasErrors } from '../form-errors';
import { useSaveEvent } from '../hooks';
import { FormDialog, useFormValues } from './form-dialog';

/** Add or edit an update event: its note and description, a report link, and when it shows. */
export function EventDialog({ event, onClose }: { event: UpdateEvent | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveEvent();
  const { values, errors, set, setErrors } = useFormValues<EventFormValues>(() =>
    eventFormOf(event, Date.now()),
  );
  const saving = save.isPending;

  const submit = () => {
    const problems = eventFormErrors(values);
    if (hasErrors(problems)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: event?.id, body: toEventInput(values) },
      {
        onSuccess: () => {
          toast.success(event ? 'Update event saved' : 'Update event added');
          onClose();
        },
        onError: (error) => {
          setErrors(eventServerErrors(fieldErrorsOf(error)));
          toast.error(messageOf(error, 'Failed to save the update event'));
        },
      },
    );
  };

  const field = (name: keyof EventFormValues, label: string, maxLength: number, helper?: string) => ({
    name,
    label,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    error: !!errors[name],
    helperText: errors[name] ?? helper,
    disabled: saving,
    fullWidth: true,
    slotProps: { htmlInput: { maxLength, 'data-testid': `event-${name}` } },
  });
  const zone = browserTimeZone();

  return (
    <FormDialog
      title={event ? 'Edit update event' : 'Add update event'}
      testId="event-dialog"
      saving={saving}
      submitLabel={event ? 'Update' : 'Add'}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <TextField
            {...field('note', 'Note', CONTENT_LIMITS.note, 'The popup’s title')}
            required
            autoFocus
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...field(
              'description',
              'Description',
              CONTENT_LIMITS.description,
              'Plain text; a blank line starts a new paragraph',
            )}
            multiline
            minRows={3}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...field(
              'reportLink',
              'Report link',
              CONTENT_LIMITS.link,
              'Optional; Show Report opens it in a new tab',
            )}
            type="url"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('startsAt', 'Starts', 16, `Your time (${zone})`)}
            type="datetime-local"
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'event-startsAt' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('endsAt', 'Ends', 16, 'Shown until then')}
            type="datetime-local"
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'event-endsAt' } }}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
