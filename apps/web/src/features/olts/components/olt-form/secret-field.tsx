import { FormControlLabel, Grid, Switch, Typography } from '@mui/material';
import type { BoundSecret, OltDetail, OltFormMode } from '@pondesk/contracts';
import type { ClearableSecret, SecretClears } from '../../olt-form';
import { OltInput, cellOf, type OltControl } from './form-parts';

/** What the secret inputs need to know: which secrets are stored and which are being removed. */
export interface SecretsState {
  mode: OltFormMode;
  detail?: OltDetail;
  clears: SecretClears;
  setClear: (name: ClearableSecret, clear: boolean) => void;
  /** Stored secrets that must be typed again (their address or port changed), with why. */
  retype?: Partial<Record<BoundSecret, string>>;
}

/** true: stored; false: not stored; null: the API does not say (the write community). */
function storedState(name: ClearableSecret | 'snmpCommunity', detail?: OltDetail): boolean | null {
  switch (name) {
    case 'snmpCommunity':
      return true;
    case 'snmpWriteCommunity':
      return null;
    case 'password':
      return !!detail?.hasPassword;
    case 'enablePassword':
      return !!detail?.hasEnablePassword;
    case 'mikrotikPassword':
      return !!detail?.hasMikrotikPassword;
  }
}

/** A secret the API never returns: on edit, empty keeps the stored value; a switch removes it. */
export function SecretField({
  control,
  secrets,
  name,
  label,
  required = false,
  md = 4,
}: {
  control: OltControl;
  secrets: SecretsState;
  name: ClearableSecret | 'snmpCommunity';
  label: string;
  required?: boolean;
  md?: number;
}) {
  const isEdit = secrets.mode === 'edit';
  const known = storedState(name, secrets.detail);
  const clearing = name !== 'snmpCommunity' && !!secrets.clears[name];
  const retype = isEdit ? secrets.retype?.[name] : undefined;
  let helper: string | undefined;
  if (isEdit && clearing) helper = 'will be removed when you update';
  else if (retype) helper = retype;
  else if (isEdit && known === true) helper = 'stored — leave empty to keep';
  else if (isEdit && known === null) helper = 'leave empty to keep the stored value, if any';
  return (
    <Grid size={cellOf(md)}>
      <OltInput
        control={control}
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        required={(required && !isEdit) || !!retype}
        disabled={clearing}
        helperText={helper}
      />
      {isEdit && name !== 'snmpCommunity' && known !== false && (
        <FormControlLabel
          sx={{ ml: 0 }}
          control={
            <Switch
              size="small"
              checked={clearing}
              onChange={(e) => secrets.setClear(name, e.target.checked)}
            />
          }
          label={<Typography variant="caption">Remove the stored value</Typography>}
        />
      )}
    </Grid>
  );
}
