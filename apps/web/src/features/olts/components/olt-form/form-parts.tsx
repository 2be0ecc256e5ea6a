import type { ReactNode } from 'react';
import { Card, CardContent, Grid, Typography, type GridProps } from '@mui/material';
import type { Control, FieldPathByValue } from 'react-hook-form';
import type { OltFormValues } from '@pondesk/contracts';
import { FormTextField, type FormTextFieldProps } from '../../../../shared/forms/form-text-field';

export type OltControl = Control<OltFormValues>;

/** One card of the form; its fields sit in a grid. */
export function FormSection({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Grid container spacing={2}>
          {children}
        </Grid>
        {footer}
      </CardContent>
    </Card>
  );
}

type OltInputProps = Omit<FormTextFieldProps<OltFormValues>, 'control' | 'name'> & {
  control: OltControl;
  name: FieldPathByValue<OltFormValues, string>;
  inputMode?: 'numeric' | 'decimal';
};

/** A small full-width field with the id the form focuses by (`olt-<name>`). */
export function OltInput({ name, inputMode, slotProps, ...props }: OltInputProps) {
  return (
    <FormTextField
      id={`olt-${name}`}
      name={name}
      fullWidth
      size="small"
      slotProps={{ ...slotProps, htmlInput: { inputMode } }}
      {...props}
    />
  );
}

export const cellOf = (md: number): GridProps['size'] => ({ xs: 12, sm: 6, md });

/** An input in its grid cell: a third of the row on wide screens unless told. */
export function OltTextField({ cell = cellOf(4), ...props }: OltInputProps & { cell?: GridProps['size'] }) {
  return (
    <Grid size={cell}>
      <OltInput {...props} />
    </Grid>
  );
}
