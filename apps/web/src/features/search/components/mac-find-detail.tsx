import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { rxLevel, type MacFindHit, type ScanOlt } from '@pondesk/contracts';
import { FieldGrid } from '../../../shared/ui/field-grid';
import { oltTypeLabel } from '../../../shared/scans/olt-groups';
import type { OltScanEntry } from '../../../shared/scans/scan-state';
import { graphPath } from '../../onus';
import { NO_OPTICS, basicInfo, hitTypeLabel, opticRows, opticsCaption, type OltHits } from '../mac-find';

const GRID = {
  xs: 'repeat(2, minmax(0, 1fr))',
  sm: 'repeat(3, minmax(0, 1fr))',
  lg: 'repeat(4, minmax(0, 1fr))',
};

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
      {children}
    </Typography>
  );
}

function Rx({ value, rxDbm }: { value: string; rxDbm: number | null }) {
  const level = rxLevel(rxDbm);
  return (
    <Box
      component="span"
      data-rx-level={level}
      sx={{
        color: level === 'default' ? 'text.primary' : `${level}.main`,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {value}
    </Box>
  );
}

function HitCard({ hit, olt, onNavigate }: { hit: MacFindHit; olt: ScanOlt; onNavigate: () => void }) {
  const caption = opticsCaption(hit);
  return (
    <Card variant="outlined" data-testid="mac-hit" data-source={hit.source} data-kind={hit.kind}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" color="primary" variant="outlined" label={hitTypeLabel(hit.kind)} />
          <Chip
            size="small"
            color={hit.source === 'live' ? 'success' : 'default'}
            label={hit.source === 'live' ? 'live' : 'from last poll'}
          />
        </Stack>

        <SectionTitle>Basic Information</SectionTitle>
        <FieldGrid items={basicInfo(hit, olt)} columns={GRID} />

        {hit.pppoeIds.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              PPPoE ID
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
              {hit.pppoeIds.map((id) => (
                <Link
                  key={id}
                  component={RouterLink}
                  to={graphPath(id)}
                  onClick={onNavigate}
                  variant="body2"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  data-testid="mac-hit-pppoe"
                >
                  {id}
                </Link>
              ))}
            </Stack>
          </Box>
        )}

        <Stack direction="row" spacing={1} sx={{ mt: 2.5, mb: 1, alignItems: 'baseline' }}>
          <SectionTitle>Optical Information</SectionTitle>
          {hit.optics && caption && (
            <Typography variant="caption" color="text.secondary" data-testid="mac-hit-optics-source">
              {caption}
            </Typography>
          )}
        </Stack>
        {hit.optics ? (
          <FieldGrid
            columns={GRID}
            items={opticRows(hit.optics).map((r) => [
              r.label,
              r.rxDbm !== undefined ? <Rx value={r.value} rxDbm={r.rxDbm} /> : r.value,
            ])}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {NO_OPTICS}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Note({ children, busy = false }: { children: string; busy?: boolean }) {
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: 'center', justifyContent: 'center', py: 6, color: 'text.secondary' }}
    >
      {busy ? <CircularProgress size={28} /> : <SearchIcon sx={{ fontSize: 36, opacity: 0.6 }} />}
      <Typography variant="body2" sx={{ textAlign: 'center', maxWidth: 420 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The selected OLT's answer: one card per hit, or why there is none. */
export function MacFindDetail({
  olt,
  entry,
  found,
  mac,
  searched,
  onRetry,
  onNavigate,
}: {
  olt: ScanOlt | null;
  entry: OltScanEntry | undefined;
  found: OltHits;
  mac: string | null;
  searched: boolean;
  onRetry: (oltId: string) => void;
  onNavigate: () => void;
}) {
  if (!searched || !olt)
    return (
      <Box data-testid="mac-find-detail" data-state="empty">
        <Note>
          {searched
            ? 'Select an OLT from the sidebar to view details'
            : 'Enter a MAC address and press Submit: every OLT you may see is searched, live.'}
        </Note>
      </Box>
    );

  const phase = entry?.phase;
  const waiting = phase === 'pending' || phase === 'started';
  return (
    <Box data-testid="mac-find-detail" data-olt-id={olt.id} data-state={phase ?? 'idle'}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          {olt.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {oltTypeLabel(olt.brand, olt.mode)} · {olt.code}
        </Typography>
      </Stack>

      {waiting && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <CircularProgress size={18} />
          <Typography variant="body2">Loading OLT data...</Typography>
        </Stack>
      )}

      {phase === 'error' && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="mac-find-olt-error"
          action={
            <Button color="inherit" size="small" onClick={() => onRetry(olt.id)}>
              Retry
            </Button>
          }
        >
          <AlertTitle>Failed to fetch data</AlertTitle>
          {entry?.error || 'The OLT gave no reason.'}
        </Alert>
      )}

      {phase === 'done' && found.hits.length === 0 && (
        <Alert severity="info" variant="outlined" data-testid="mac-find-not-here">
          {`${mac ?? 'The MAC'} was not found on ${olt.name}.`}
          {found.goneSinceLastPoll && ' The last poll saw it here; the OLT does not list it any more.'}
        </Alert>
      )}

      {!waiting && phase !== 'error' && phase !== 'done' && found.hits.length === 0 && (
        <Note>This OLT was not part of this search.</Note>
      )}

      <Stack spacing={2}>
        {found.hits.map((hit, i) => (
          <HitCard
            key={`${hit.source}-${hit.kind}-${hit.mac}-${hit.ifName ?? ''}-${i}`}
            hit={hit}
            olt={olt}
            onNavigate={onNavigate}
          />
        ))}
      </Stack>
    </Box>
  );
}
