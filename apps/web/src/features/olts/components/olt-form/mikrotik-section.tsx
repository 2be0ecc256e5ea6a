import type { OltFormMode } from '@pondesk/contracts';
import type { CheckState } from '../../port-checks';
import { PortCheckStatus } from '../port-check-status';
import { FormSection, OltTextField, cellOf, type OltControl } from './form-parts';
import { checkAdornment } from './port-check-adornment';
import { SecretField, type SecretsState } from './secret-field';

/** The MikroTik the OLT's customers dial through: its API address, checked as it is typed. */
export function MikrotikSection({
  control,
  mode,
  check,
  secrets,
}: {
  control: OltControl;
  mode: OltFormMode;
  check: CheckState;
  secrets: SecretsState;
}) {
  return (
    <FormSection
      title="Mikrotik Information"
      footer={<PortCheckStatus check={check} what="MikroTik port" testId="port-check-mikrotik" />}
    >
      <OltTextField
        control={control}
        name="mikrotikHost"
        label="Mikrotik IP"
        required={mode === 'create'}
        placeholder="10.0.0.1"
        slotProps={checkAdornment(check)}
        cell={cellOf(3)}
      />
      <OltTextField
        control={control}
        name="mikrotikPort"
        label="Mikrotik Port"
        required={mode === 'create'}
        inputMode="numeric"
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
