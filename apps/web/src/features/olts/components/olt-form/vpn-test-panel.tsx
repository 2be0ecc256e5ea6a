import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import VpnLockIcon from '@mui/icons-material/VpnLock';
import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  VPN_CONNECT_FIRST,
  isHost,
  parsePort,
  type OltVpnTestRequest,
  type OltVpnTestResult,
  type PortState,
} from '@pondesk/contracts';
import { http } from '../../../../shared/http-client';
import type { OltControl } from './form-parts';

const WATCHED = ['host', 'telnetPort', 'snmpPort', 'httpPort', 'snmpCommunity'] as const;

const STATE_COLOR: Record<PortState, 'success' | 'error' | 'default'> = {
  open: 'success',
  closed: 'error',
  unknown: 'default',
};

const runVpnTest = (body: OltVpnTestRequest) =>
  http<OltVpnTestResult>('/olts/vpn-test', { method: 'POST', body });

/** Each port the test asked about with what it found (spec 3: VPN info telnet, snmp, http, https). */
function Ports({ result }: { result: OltVpnTestResult }) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
      {result.ports.map((p) => (
        <Chip
          key={p.service}
          size="small"
          variant="outlined"
          color={STATE_COLOR[p.state]}
          label={`${p.service} ${p.port}: ${p.state}`}
          data-testid={`vpn-test-port-${p.service}`}
          data-state={p.state}
        />
      ))}
    </Stack>
  );
}

function Result({ result }: { result: OltVpnTestResult }) {
  if (!result.ok)
    return (
      <Alert
        severity={result.message === VPN_CONNECT_FIRST ? 'warning' : 'error'}
        sx={{ mt: 2 }}
        data-testid="vpn-test-result"
      >
        <Typography variant="subtitle2">{result.message}</Typography>
        {result.message === VPN_CONNECT_FIRST && (
          <Typography variant="body2">
            Add the VPN on your Profile page and paste its command into your MikroTik, then test again.
          </Typography>
        )}
        {result.ports.some((p) => p.state !== 'unknown') && <Ports result={result} />}
      </Alert>
    );
  return (
    <Alert severity="success" sx={{ mt: 2 }} data-testid="vpn-test-result">
      <Typography variant="subtitle2">{result.message}</Typography>
      <Ports result={result} />
    </Alert>
  );
}

/**
 * 'VPN Test': for an OLT behind the ISP's NAT, reached through the tenant's VPN. The worker checks that
 * the ISP's router is dialled in to the platform's concentrator, then the OLT's telnet, SNMP (with the
 * community typed here) and HTTP ports through it.
 */
export function VpnTestPanel({ control }: { control: OltControl }) {
  const test = useMutation({ mutationFn: runVpnTest });
  const [host, telnetPort, snmpPort, httpPort, snmpCommunity] = useWatch({ control, name: WATCHED });
  const telnet = parsePort(telnetPort);
  const snmp = parsePort(snmpPort);
  const web = httpPort.trim() ? parsePort(httpPort) : null;
  const ready = isHost(host) && telnet !== null && snmp !== null && (!httpPort.trim() || web !== null);
  const run = () => {
    if (!ready || telnet === null || snmp === null) return;
    test.mutate({
      host: host.trim(),
      telnetPort: telnet,
      snmpPort: snmp,
      ...(web === null ? {} : { httpPort: web }),
      ...(snmpCommunity ? { community: snmpCommunity } : {}),
    });
  };
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={run}
          disabled={!ready || test.isPending}
          startIcon={test.isPending ? <CircularProgress size={16} /> : <VpnLockIcon />}
        >
          VPN Test
        </Button>
        <Typography variant="body2" color="text.secondary">
          {test.isPending
            ? 'Checking the VPN and the OLT’s ports through it…'
            : ready
              ? snmpCommunity
                ? 'For an OLT behind NAT: checks your VPN, then its telnet, SNMP and HTTP ports through it.'
                : 'For an OLT behind NAT: checks your VPN, then its ports (SNMP needs the community typed).'
              : 'Needs the Olt IP, telnet port and SNMP port.'}
        </Typography>
      </Stack>
      {test.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          VPN test failed: {test.error.message}
        </Alert>
      )}
      {test.data && !test.isPending && <Result result={test.data} />}
    </Box>
  );
}
