import { useId, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Divider,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { PORT_CAPACITY, portUsageLevel, type DashboardSummary } from '@pondesk/contracts';
import { OLTS_SHOWN, onuTotal, usagePercent, visiblePorts, type PonMode } from '../port-usage';
import { formatCount } from '../summary';

type OltUsage = DashboardSummary['portUsage'][PonMode][number];

const MODE_LABEL: Record<PonMode, string> = { gpon: 'GPON', epon: 'EPON' };

function PortBar({ mode, ponPort, count }: { mode: PonMode; ponPort: number; count: number }) {
  const { capacity } = PORT_CAPACITY[mode];
  const level = portUsageLevel(mode, count);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} data-testid="dashboard-port">
      <Typography variant="body2" sx={{ width: 56, flexShrink: 0, whiteSpace: 'nowrap' }}>
        {`PON ${ponPort}`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={usagePercent(mode, count)}
        color={level}
        aria-label={`PON ${ponPort}: ${count} of ${capacity} ONUs`}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
      />
      <Typography
        variant="body2"
        sx={{ width: 72, flexShrink: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
      >
        <Box
          component="span"
          sx={{ fontWeight: 700, color: level === 'success' ? 'text.primary' : `${level}.main` }}
        >
          {count}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary' }}>{` / ${capacity}`}</Box>
      </Typography>
    </Stack>
  );
}

function OltPorts({ mode, olt, portCount }: { mode: PonMode; olt: OltUsage; portCount: number | undefined }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const { shown, hidden } = visiblePorts(olt.ports, expanded);
  const canToggle = expanded || hidden > 0;
  const used = olt.ports.length;
  return (
    <Box component="section" aria-label={olt.oltName} data-testid="dashboard-port-olt">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {olt.oltName}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {`${portCount ? `${used} of ${portCount}` : used} ports in use · ${formatCount(onuTotal(olt.ports))} ONUs`}
        </Typography>
      </Stack>
      {used === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No ONU on this OLT yet.
        </Typography>
      ) : (
        <Stack spacing={0.75} id={listId}>
          {shown.map((p) => (
            <PortBar key={p.ponPort} mode={mode} ponPort={p.ponPort} count={p.count} />
          ))}
        </Stack>
      )}
      {canToggle && (
        <Button
          size="small"
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
          aria-controls={listId}
          sx={{ mt: 0.5 }}
        >
          {expanded ? 'Show Less' : `Show More (${hidden})`}
        </Button>
      )}
    </Box>
  );
}

/** The OLTs of one card: the first few, then every one behind a visible "Show all" (no hidden scroll). */
function OltList({
  mode,
  label,
  olts,
  portCounts,
}: {
  mode: PonMode;
  label: string;
  olts: OltUsage[];
  portCounts: ReadonlyMap<string, number>;
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const { shown, hidden } = visiblePorts(olts, expanded, OLTS_SHOWN);
  return (
    <>
      <Stack
        spacing={2}
        divider={<Divider flexItem />}
        id={listId}
        aria-label={`${label} OLTs`}
        role="region"
      >
        {shown.map((o) => (
          <OltPorts key={o.oltId} mode={mode} olt={o} portCount={portCounts.get(o.oltId)} />
        ))}
      </Stack>
      {(expanded || hidden > 0) && (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Button
            size="small"
            variant="outlined"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            aria-controls={listId}
            data-testid="dashboard-port-olts-toggle"
          >
            {expanded ? `Show fewer ${label} OLTs` : `Show all ${olts.length} ${label} OLTs (${hidden} more)`}
          </Button>
        </>
      )}
    </>
  );
}

/** One card per PON mode: each OLT's ports as bars of ONUs against the mode's capacity. */
export function PortUsageCard({
  mode,
  olts,
  portCounts,
}: {
  mode: PonMode;
  /** Undefined while loading. */
  olts: OltUsage[] | undefined;
  /** PON ports of each OLT, by id, for "3 of 16 ports in use". */
  portCounts: ReadonlyMap<string, number>;
}) {
  const t = PORT_CAPACITY[mode];
  const label = MODE_LABEL[mode];
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`dashboard-ports-${mode}`}>
      <CardHeader
        title={`${label} port usage`}
        subheader={`${t.capacity} ONUs a port · warning at ${t.warning}, danger at ${t.danger}`}
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {!olts ? (
          <Stack spacing={1.25} aria-busy>
            <Skeleton width="40%" />
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={10} />
            ))}
          </Stack>
        ) : olts.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {`No ${label} OLT.`}
          </Typography>
        ) : (
          <OltList mode={mode} label={label} olts={olts} portCounts={portCounts} />
        )}
      </CardContent>
    </Card>
  );
}
