import { Box, Typography } from '@mui/material';
import type { OnuRow } from '@pondesk/contracts';
import { RxBar } from './rx-bar';
import { SignalResultChip, type useSignalRead } from './signal-read-button';

/** Cells the ONU table and the ONU cards share. */

/** A row's Get: the button lives in Actions, its result in the RX cell. */
export type SignalRead = ReturnType<typeof useSignalRead>;

/** A MAC that, when its column is narrow, breaks in the middle (aa:bb:cc: / dd:ee:ff) and nowhere else. */
function BreakableMac({ mac }: { mac: string }) {
  const half = mac.length > 9 ? 9 : mac.length;
  return (
    <>
      {mac.slice(0, half)}
      <wbr />
      {mac.slice(half)}
    </>
  );
}

/** The ONU's hardware identity: MAC (or serial) and, below it, the model. */
export function OnuInfo({ row }: { row: OnuRow }) {
  return (
    <Typography
      variant="caption"
      component="div"
      sx={{ fontFamily: 'monospace', overflowWrap: 'break-word', lineHeight: 1.4 }}
    >
      {row.mac ? <BreakableMac mac={row.mac} /> : (row.serial ?? '—')}
      {row.model && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {row.model}
        </Box>
      )}
    </Typography>
  );
}

/** RX with the bar; a Get result or error appears under it, inside the cell's width. */
export function RxWithReading({ row, read, width }: { row: OnuRow; read: SignalRead; width: number }) {
  return (
    <Box sx={{ width }}>
      <RxBar rxDbm={row.rxDbm} width={width} />
      {read.shown && (
        <Box sx={{ mt: 0.5 }}>
          <SignalResultChip
            shown={read.shown}
            onClear={read.clear}
            maxWidth={width}
            dismissible={false}
            clampLines={5}
          />
        </Box>
      )}
    </Box>
  );
}
