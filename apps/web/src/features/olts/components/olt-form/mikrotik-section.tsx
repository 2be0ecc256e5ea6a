import { Typography } from '@mui/material';
import type { CheckState } from '../../port-checks';
import { PortCheckStatus } from '../port-check-status';
import { FormSection, OltTextField, cellOf, type OltControl } from './form-parts';
import { checkAdornment } from './port-check-adornment';
import { SecretField, type SecretsState } from './secret-field';

/** Said under the section while it is empty: an OLT works without a MikroTik, minus what needs one. */
export const NO_MIKROTIK_NOTE =
  'Optional. Leave these empty if this OLT has no MikroTik: the OLT is polled as usual, and PPPoE session reports and the VPN, which need a MikroTik, stay off.';

/**
 * The MikroTik the OLT's customers dial through (optional): its API address, checked as it is typed
 * once the OLT has one.
 */
export function MikrotikSection({
  control,
  check,
  secrets,
  withMikrotik,
}: {
  control: OltControl;
  check: CheckState;
  secrets: SecretsState;
  /** Any of the MikroTik's own fields is filled. */
  withMikrotik: boolean;
}) {
  return (
    <FormSection
      title="Mikrotik Information"
      footer={
        withMikrotik ? (
          <PortCheckStatus check={check} what="MikroTik port" testId="port-check-mikrotik" />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="no-mikrotik">
            {NO_MIKROTIK_NOTE}
          </Typography>
        )
      }
    >
      <OltTextField
        control={control}
        name="mikrotikHost"
        label="Mikrotik IP"
        placeholder="10.0.0.1"
        required={withMikrotik}
        slotProps={checkAdornment(check)}
        cell={cellOf(3)}
      />
      <OltTextField
        control={control}
        name="mikrotikPort"
        label="Mikrotik Port"
        required={withMikrotik}
        inputMode="numeric"
        placeholder="8728"
        helperText="RouterOS API, usually 8728"
        slotProps={checkAdornment(check)}
        cell={cellOf(3)}
      />
      <OltTextField
        control={control}
        name="mikrotikUsername"
        label="User Name"
        autoComplete="off"
        cell={cellOf(3)}
      />
      <SecretField control={control} secrets={secrets} name="mikrotikPassword" label="Password" md={3} />
    </FormSection>
  );
}
