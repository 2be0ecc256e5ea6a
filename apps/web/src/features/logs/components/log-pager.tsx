import { Box, Button, Stack, Typography } from '@mui/material';

/**
 * The Log List's footer as the spec words it: Previous, 'Current Page N', Next (the shared pager says
 * 'Page x of y', and a capped count has no exact last page to name).
 */
export function LogPager({
  summary,
  page,
  hasNext,
  onPage,
}: {
  summary: string;
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid="log-pager"
    >
      <Typography variant="body2" color="text.secondary" data-testid="log-total">
        {summary}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Typography variant="body2" data-testid="log-page" aria-live="polite">
        Current Page {page}
      </Typography>
      <Button size="small" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
