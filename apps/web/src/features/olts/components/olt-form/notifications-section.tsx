import { InputAdornment } from '@mui/material';
import { FormSection, OltTextField, cellOf, type OltControl } from './form-parts';

/**
 * Where the OLT's alerts go, how often ONU data is collected, the signal alert threshold, and the short
 * names its syslog lines (and its MikroTik's) carry in the Log List.
 */
export function NotificationsSection({ control }: { control: OltControl }) {
  return (
    <FormSection title="Notifications and logs">
      <OltTextField control={control} name="whatsappId" label="WhatsApp ID" cell={cellOf(3)} />
      <OltTextField control={control} name="telegramId" label="Telegram ID" cell={cellOf(3)} />
      <OltTextField
        control={control}
        name="dataCollectionRatio"
        label="Data collection ratio"
        inputMode="numeric"
        helperText="1 to 100"
        cell={cellOf(3)}
      />
      <OltTextField
        control={control}
        name="dbAlertRange"
        label="dB alert range"
        inputMode="decimal"
        helperText="dBm, e.g. -27"
        slotProps={{ input: { endAdornment: <InputAdornment position="end">dBm</InputAdornment> } }}
        cell={cellOf(3)}
      />
      <OltTextField
        control={control}
        name="logName"
        label="Log name"
        helperText="Shown in the logs; the OLT's name when empty"
        cell={cellOf(3)}
      />
      <OltTextField
        control={control}
        name="mikrotikLogName"
        label="MikroTik log name"
        helperText="Its MikroTik's; 'MikroTik <OLT name>' when empty"
        cell={cellOf(3)}
      />
    </FormSection>
  );
}
