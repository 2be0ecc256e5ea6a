import { Link as RouterLink } from 'react-router-dom';
import {
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { SharedOltSummary } from '@pondesk/contracts';

const NUMBERS: { key: keyof SharedOltSummary; header: string; testId?: string }[] = [
  { key: 'gponPorts', header: 'GPON ports' },
  { key: 'eponPorts', header: 'EPON ports' },
  { key: 'onuCount', header: 'ONUs' },
  { key: 'onlineCount', header: 'Online' },
  { key: 'offlineCount', header: 'Offline' },
  { key: 'weak24', header: '-24 dBm or weaker' },
  { key: 'below28', header: '-28 or weaker' },
  { key: 'below30', header: '-30 or weaker' },
];

/** The shared Dashboard List: one row per OLT of the link, its name opening its ONUs. */
export function SharedOltTable({
  olts,
  loading,
  portsHref,
}: {
  olts: SharedOltSummary[] | undefined;
  loading: boolean;
  portsHref: (oltId: string) => string;
}) {
  const sum = (key: keyof SharedOltSummary) =>
    (olts ?? []).reduce((n, o) => n + (typeof o[key] === 'number' ? (o[key] as number) : 0), 0);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Shared OLTs">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>OLT</TableCell>
            {NUMBERS.map((c) => (
              <TableCell key={c.key} align="right" sx={{ fontWeight: 700 }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !olts
            ? Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  {Array.from({ length: NUMBERS.length + 1 }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : olts?.map((o) => (
                <TableRow key={o.oltId} hover data-testid="shared-olt-row" data-olt-id={o.oltId}>
                  <TableCell>
                    <Link component={RouterLink} to={portsHref(o.oltId)}>
                      {o.name}
                    </Link>
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {o.code} · {o.mode.toUpperCase()}
                    </Typography>
                  </TableCell>
                  {NUMBERS.map((c) => (
                    <TableCell key={c.key} align="right" data-column={c.key}>
                      {o[c.key]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
          {olts && olts.length === 0 && (
            <TableRow>
              <TableCell colSpan={NUMBERS.length + 1}>
                <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                  This link shares no OLT yet.
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {olts && olts.length > 1 && (
            <TableRow data-testid="shared-olt-total">
              <TableCell sx={{ fontWeight: 700 }}>All {olts.length} OLTs</TableCell>
              {NUMBERS.map((c) => (
                <TableCell key={c.key} align="right" sx={{ fontWeight: 700 }} data-column={c.key}>
                  {sum(c.key)}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
