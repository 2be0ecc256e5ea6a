import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';

/**
 * The footer of a table paged on the server: how many rows there are in all, then Previous, 'Page x of
 * y' and Next. `page` is the page shown (1-based), already within 1..`pages`.
 */
export function TablePager({
  summary,
  page,
  pages,
  onPage,
  testId,
  summaryTestId,
  pageTestId,
}: {
  summary: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  testId?: string;
  summaryTestId?: string;
  pageTestId?: string;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid={testId}
    >
      <Typography variant="body2" color="text.secondary" data-testid={summaryTestId}>
        {summary}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Typography variant="body2" data-testid={pageTestId}>
        Page {page} of {pages}
      </Typography>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
