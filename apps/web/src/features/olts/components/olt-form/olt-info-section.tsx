import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import type { OltDetail, OltFormMode } from '@pondesk/contracts';
import type { CheckState } from '../../port-checks';
import { PortCheckStatus } from '../port-check-status';
import { DeviceFields } from './device-fields';
import { FormSection, OltTextField, cellOf, type OltControl } from './form-parts';
import { ProbePanel, type ProbeApply } from './probe-panel';
import { SecretField, type SecretsState } from './secret-field';
import { VpnTestPanel } from './vpn-test-panel';

/** The OLT itself: identity, SNMP, telnet login and polling; Test Get Port and VPN Test below. */
export function OltInfoSection({
  control,
  mode,
  detail,
  check,
  secrets,
  onApplyProbe,
}: {
  control: OltControl;
  mode: OltFormMode;
  detail?: OltDetail;
  check: CheckState;
  secrets: SecretsState;
  onApplyProbe: ProbeApply;
}) {
  const brand = useWatch({ control, name: 'brand' });
  return (
    <FormSection
      title="Olt Information"
      footer={
        <>
          <PortCheckStatus check={check} what="OLT telnet port" testId="port-check-olt" />
          <Box sx={{ mt: 2 }}>
            <ProbePanel control={control} communityStored={mode === 'edit'} onApply={onApplyProbe} />
          </Box>
          <Box sx={{ mt: 2 }}>
            <VpnTestPanel control={control} />
          </Box>
        </>
      }
    >
      <DeviceFields control={control} mode={mode} detail={detail} check={check} />
      <OltTextField
        control={control}
        name="snmpPort"
        label="SNMP Port"
        required
        inputMode="numeric"
        cell={cellOf(2)}
      />
      <SecretField control={control} secrets={secrets} name="snmpCommunity" label="SNMP Community" required />
      <SecretField
        control={control}
        secrets={secrets}
        name="snmpWriteCommunity"
        label="SNMP Write Community"
      />
      <OltTextField
        control={control}
        name="httpPort"
        label="HTTP Port"
        inputMode="numeric"
        helperText={brand === 'avies' ? 'AVIES web API; 80 when empty' : 'Optional'}
        cell={cellOf(2)}
      />
      <OltTextField
        control={control}
        name="username"
        label="User Name"
        autoComplete="off"
        helperText="Telnet login"
      />
      <SecretField control={control} secrets={secrets} name="password" label="Password" />
      <SecretField control={control} secrets={secrets} name="enablePassword" label="Enable Password" />
      <OltTextField
        control={control}
        name="pollIntervalSeconds"
        label="Poll interval (seconds)"
        required
        inputMode="numeric"
        helperText="At least 60; 300 is five minutes"
      />
      <OltTextField
        control={control}
        name="description"
        label="Description"
        multiline
        minRows={2}
        cell={12}
      />
    </FormSection>
  );
}
