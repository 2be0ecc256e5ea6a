import { Alert, AlertTitle, Box } from '@mui/material';
import { PageHeader } from './page-header';

/** The honest state of a screen whose data arrives with a later piece of work. */
export function NotAvailable({ title, what }: { title: string; what?: string }) {
  return (
    <Box>
      <PageHeader title={title} />
      <Alert severity="info" variant="outlined" data-testid="not-available">
        <AlertTitle>Not available yet</AlertTitle>
        {what ?? `${title} is not available yet. It will appear here once this part of PonDesk is built.`}
      </Alert>
    </Box>
  );
}
