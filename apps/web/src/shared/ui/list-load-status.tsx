import { Alert, Button, LinearProgress } from '@mui/material';

/**
 * The top of a server-paged list: a thin bar while the list is fetched again, and what failed, with Retry,
 * when it could not be loaded (`what`: 'the ONUs', 'the log').
 */
export function ListLoadStatus({
  refreshing,
  error,
  onRetry,
  what,
  testId,
}: {
  refreshing: boolean;
  error: Error | null;
  onRetry: () => void;
  what: string;
  testId?: string;
}) {
  return (
    <>
      <LinearProgress aria-hidden sx={{ height: 2, visibility: refreshing ? 'visible' : 'hidden' }} />
      {error && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0 }}
          data-testid={testId}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          Could not load {what}: {error.message}
        </Alert>
      )}
    </>
  );
}
