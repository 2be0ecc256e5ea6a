import { Grid, TextField } from '@mui/material';
import { CONTENT_LIMITS, type OtherProduct } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import {
  productFormErrors,
  productFormOf,
  productServerErrors,
  toProductInput,
  type ProductFormValues,
} from '../content-forms';
import { hasErrors } from '../form-errors';
import { useSaveProduct } from '../hooks';
import { FormDialog, useFormValues } from './form-dialog';

type Field = keyof ProductFormValues;

/** Add or edit one of the 'Other services' cards of the support panel. */
export function ProductDialog({ product, onClose }: { product: OtherProduct | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveProduct();
  const { values, errors, set, setErrors } = useFormValues<ProductFormValues>(() => productFormOf(product));
  const saving = save.isPending;

  const submit = () => {
    const problems = productFormErrors(values);
    if (hasErrors(problems)) {
      setErrors(problems);
      return;
    }
    save.mutate(
      { id: product?.id, body: toProductInput(values) },
      {
        onSuccess: (saved) => {
          toast.success(product ? `${saved.name} updated` : `${saved.name} added`);
          onClose();
        },
        onError: (error) => {
          setErrors(productServerErrors(fieldErrorsOf(error)));
          toast.error(messageOf(error, 'Failed to save the service'));
        },
      },
    );
  };

  const field = (name: Field, label: string, maxLength: number, helper?: string) => ({
    name,
    label,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    error: !!errors[name],
    helperText: errors[name] ?? helper,
    disabled: saving,
    fullWidth: true,
    slotProps: { htmlInput: { maxLength, 'data-testid': `product-${name}` } },
  });

  return (
    <FormDialog
      title={product ? 'Edit service' : 'Add service'}
      testId="product-dialog"
      saving={saving}
      submitLabel={product ? 'Update' : 'Add'}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField {...field('name', 'Name', CONTENT_LIMITS.name)} required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...field('sortOrder', 'Order', 4, 'Lower numbers first')} />
        </Grid>
        <Grid size={12}>
          <TextField
            {...field('description', 'Description', CONTENT_LIMITS.description)}
            multiline
            minRows={2}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...field('link', 'Link', CONTENT_LIMITS.link, 'An https:// link; Open goes there in a new tab')}
            required
            type="url"
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...field(
              'photoUrl',
              'Photo address',
              CONTENT_LIMITS.link,
              'An https:// image or a path on this server; optional',
            )}
            type="url"
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
