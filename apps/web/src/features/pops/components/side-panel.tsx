import type { FormEvent, ReactNode } from 'react';
import { Box, Button, Drawer, Stack, Typography } from '@mui/material';
import { SubmitButton } from '../../../shared/ui/submit-button';

/**
 * The Add/Edit side panel of the POP screens: a form (Enter submits), Cancel or Esc closes it, and it
 * cannot be closed while it saves.
 */
export function SidePanel({
  title,
  editing,
  busy,
  onSubmit,
  onClose,
  children,
  testId,
}: {
  title: string;
  editing: boolean;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  const titleId = `${testId}-title`;
  return (
    <Drawer
      anchor="right"
      open
      onClose={busy ? undefined : onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ p: 3 }}
        role="dialog"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton loading={busy}>{editing ? 'Update' : 'Submit'}</SubmitButton>
        </Stack>
      </Box>
    </Drawer>
  );
}
