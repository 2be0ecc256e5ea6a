import { Grid, Typography } from '@mui/material';
import type { SwitchPortRow } from '@pondesk/contracts';
import { Tile } from '../../pppoe-page/components/tile';
import { formatDateTime } from '../../../shared/format';
import { formatReading, LINK_LABEL } from '../format';
import { PowerBadge } from './power-badge';

/** The port's current values from its last poll; a missing reading says so, never 0. */
export function PortTiles({ port }: { port: SwitchPortRow }) {
  const tiles = [
    { key: 'rx', label: 'Rx power', value: formatReading(port.rxDbm, 'dBm') },
    { key: 'tx', label: 'Tx power', value: formatReading(port.txDbm, 'dBm') },
    { key: 'temperature', label: 'Temperature', value: formatReading(port.temperatureC, '°C', 1) },
    { key: 'voltage', label: 'Voltage', value: formatReading(port.voltageV, 'V', 2) },
    { key: 'bias', label: 'Bias current', value: formatReading(port.biasMa, 'mA', 2) },
  ];
  const linkColor = port.link === 'up' ? 'success.main' : port.link === 'down' ? 'error.main' : undefined;
  return (
    <Grid
      container
      spacing={1.5}
      data-testid="switch-port-tiles"
      data-power={port.power}
      data-link={port.link}
    >
      {tiles.map((t) => (
        <Grid key={t.key} size={{ xs: 6, sm: 4, md: 12 / 7 }}>
          <Tile label={t.label} testId={`switch-tile-${t.key}`}>
            {t.value}
          </Tile>
        </Grid>
      ))}
      <Grid size={{ xs: 6, sm: 4, md: 12 / 7 }}>
        <Tile label="Link" color={linkColor} testId="switch-tile-link">
          {LINK_LABEL[port.link]}
        </Tile>
      </Grid>
      <Grid size={{ xs: 6, sm: 4, md: 12 / 7 }}>
        <Tile
          label="Power"
          testId="switch-tile-power"
          note={port.rxDbm === null ? undefined : `Alert below ${port.alertDbm} dBm`}
        >
          <PowerBadge power={port.power} />
        </Tile>
      </Grid>
      <Grid size={12}>
        <Typography variant="caption" color="text.secondary">
          Last poll {formatDateTime(port.updatedAt)}
          {port.changedAt ? `; link or band last changed ${formatDateTime(port.changedAt)}` : ''}
        </Typography>
      </Grid>
    </Grid>
  );
}
