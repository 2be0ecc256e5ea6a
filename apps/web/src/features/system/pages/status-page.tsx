import { Alert, Box, Card, CardContent, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import type { HealthComponent } from '@pondesk/contracts';
import { useHealth } from '../hooks';

const LABELS = { database: 'Postgres', redis: 'Redis', worker: 'Worker' } as const;

function ComponentCard({
  name,
  state,
}: {
  name: keyof typeof LABELS;
  state: HealthComponent & { workers?: number };
}) {
  const up = state.status === 'up';
  return (
    <Card variant="outlined" data-testid={`health-${name}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {up ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}
          <Typography variant="h6">{LABELS[name]}</Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Chip size="small" label={up ? 'Up' : 'Down'} color={up ? 'success' : 'error'} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {up
            ? [
                state.latencyMs !== undefined && `${state.latencyMs} ms`,
                state.workers !== undefined && `${state.workers} running`,
              ]
                .filter(Boolean)
                .join(' · ') || 'Responding'
            : (state.detail ?? 'Not responding')}
        </Typography>
      </CardContent>
    </Card>
  );
}

export default function StatusPage() {
  const { data, error, isPending } = useHealth();
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" gutterBottom>
        System status
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        PonDesk watches its own parts: the database, the queue and the workers that poll your OLTs.
      </Typography>
      {error && <Alert severity="error">Cannot read the system status: {error.message}</Alert>}
      {data && (
        <Alert severity={data.status === 'ok' ? 'success' : 'warning'} sx={{ mb: 2 }}>
          {data.status === 'ok'
            ? 'All systems operational'
            : `Unavailable: ${data.down.map((d) => LABELS[d as keyof typeof LABELS] ?? d).join(', ')}`}
        </Alert>
      )}
      <Grid container spacing={2}>
        {(Object.keys(LABELS) as (keyof typeof LABELS)[]).map((name) => (
          <Grid key={name} size={{ xs: 12, md: 4 }}>
            {isPending || !data ? (
              <Skeleton variant="rounded" height={96} />
            ) : (
              <ComponentCard name={name} state={data.checks[name]} />
            )}
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
