import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { useWatch } from 'react-hook-form';
import {
  OLT_BRANDS,
  OLT_BRAND_LABELS,
  OLT_MODES,
  isHost,
  parsePort,
  type OltBrandCode,
  type OltFormValues,
  type OltModeCode,
  type ProbeResponse,
} from '@pondesk/contracts';
import { useProbeOlt } from '../../hooks';
import type { OltControl } from './form-parts';

type ProbedFields = Pick<OltFormValues, 'host' | 'snmpPort' | 'snmpCommunity' | 'brand' | 'mode'>;
export type ProbeApply = (change: Partial<Pick<OltFormValues, 'brand' | 'mode'>>) => void;

interface Props {
  control: OltControl;
  /** On edit the stored community is never returned: the probe needs it typed again. */
  communityStored: boolean;
  onApply: ProbeApply;
}

const PROBED = ['host', 'snmpPort', 'snmpCommunity', 'brand', 'mode'] as const;

const asBrand = (b: string | null): OltBrandCode | null =>
  b && OLT_BRANDS.includes(b as OltBrandCode) ? (b as OltBrandCode) : null;
const asMode = (m: string | null): OltModeCode | null =>
  m && OLT_MODES.includes(m as OltModeCode) ? (m as OltModeCode) : null;

function Result({
  result,
  values,
  onApply,
}: {
  result: ProbeResponse;
  values: ProbedFields;
  onApply: ProbeApply;
}) {
  if (!result.ok) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        The OLT did not answer the probe{result.error ? `: ${result.error}` : '.'}
      </Alert>
    );
  }
  const brand = asBrand(result.brand);
  const mode = asMode(result.mode);
  const differs = (brand && brand !== values.brand) || (mode && mode !== values.mode);
  const item = (label: string, value: string | number | null) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{value ?? 'Not reported'}</Typography>
    </Box>
  );
  return (
    <Alert severity="success" sx={{ mt: 2 }} data-testid="probe-result">
      <Typography variant="subtitle2" gutterBottom>
        Test Success
      </Typography>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {item('Brand', brand ? OLT_BRAND_LABELS[brand] : result.brand)}
        {item('Model', result.model)}
        {item('Mode', result.mode?.toUpperCase() ?? null)}
        {item('PON ports', result.ponPorts)}
        {item('ONUs', result.onuCount)}
      </Stack>
      {result.sysDescr && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {result.sysDescr}
        </Typography>
      )}
      {differs && (
        <Button
          size="small"
          sx={{ mt: 1 }}
          onClick={() => onApply({ ...(brand ? { brand } : {}), ...(mode ? { mode } : {}) })}
        >
          Use the detected brand and mode
        </Button>
      )}
    </Alert>
  );
}

/** 'Test Get Port': an SNMP identify of the OLT run by the worker (up to a minute on a slow device). */
export function ProbePanel({ control, communityStored, onApply }: Props) {
  const probe = useProbeOlt();
  const [host, snmpPort, snmpCommunity, brand, mode] = useWatch({ control, name: PROBED });
  const values: ProbedFields = { host, snmpPort, snmpCommunity, brand, mode };
  const port = parsePort(values.snmpPort);
  const ready = isHost(values.host) && port !== null && !!values.snmpCommunity;
  const run = () => {
    if (!ready || port === null) return;
    probe.mutate({
      host: values.host.trim(),
      snmpPort: port,
      community: values.snmpCommunity,
      brand: values.brand || undefined,
      mode: values.mode || undefined,
    });
  };
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={run}
          disabled={!ready || probe.isPending}
          startIcon={probe.isPending ? <CircularProgress size={16} /> : <ManageSearchIcon />}
        >
          Test Get Port
        </Button>
        <Typography variant="body2" color="text.secondary">
          {probe.isPending
            ? 'Asking the OLT over SNMP; this can take up to a minute…'
            : ready
              ? 'Reads brand, model, PON ports and ONU count over SNMP.'
              : communityStored && !values.snmpCommunity
                ? 'Type the SNMP community to test (the stored one is never sent back to the browser).'
                : 'Needs the Olt IP, SNMP port and SNMP community.'}
        </Typography>
      </Stack>
      {probe.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Test failed: {probe.error.message}
        </Alert>
      )}
      {probe.data && !probe.isPending && <Result result={probe.data} values={values} onApply={onApply} />}
    </Box>
  );
}
