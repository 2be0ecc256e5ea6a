import { useMemo } from 'react';
import { MenuItem } from '@mui/material';
import {
  OLT_BRANDS,
  OLT_BRAND_LABELS,
  OLT_MODES,
  type OltDetail,
  type OltFormMode,
} from '@pondesk/contracts';
import { useBranches, useOltCatalogue } from '../../hooks';
import type { CheckState } from '../../port-checks';
import { OltTextField, cellOf, type OltControl } from './form-parts';
import { checkAdornment } from './port-check-adornment';

/** The branch choices; on edit the OLT's own branch stays listed even when the list cannot show it. */
function useBranchOptions(detail?: OltDetail) {
  const branches = useBranches();
  const options = useMemo(() => {
    const list = (branches.data ?? []).map((b) => ({ id: b.id, name: b.name }));
    if (detail?.branchId && !list.some((b) => b.id === detail.branchId))
      list.unshift({ id: detail.branchId, name: detail.branchName ?? 'Current branch' });
    return list;
  }, [branches.data, detail]);
  return { branches, options };
}

const codeItems = (options: readonly { code: string; label: string }[]) =>
  options.map((o) => (
    <MenuItem key={o.code} value={o.code}>
      {o.label}
    </MenuItem>
  ));

/** Who the OLT is and where it answers telnet: name, Olt ID, branch, address, brand and mode. */
export function DeviceFields({
  control,
  mode,
  detail,
  check,
}: {
  control: OltControl;
  mode: OltFormMode;
  detail?: OltDetail;
  check: CheckState;
}) {
  const catalogue = useOltCatalogue();
  const { branches, options } = useBranchOptions(detail);
  const brands =
    catalogue.data?.brands ?? OLT_BRANDS.map((code) => ({ code, label: OLT_BRAND_LABELS[code] }));
  const modes = catalogue.data?.modes ?? OLT_MODES.map((code) => ({ code, label: code.toUpperCase() }));

  return (
    <>
      <OltTextField control={control} name="name" label="Olt Name" required />
      <OltTextField
        control={control}
        name="code"
        label="Olt ID"
        helperText={mode === 'create' ? 'Generated when left empty' : undefined}
      />
      <OltTextField
        control={control}
        name="branchId"
        label="Branch"
        select
        disabled={branches.isError && options.length === 0}
        helperText={branches.isError ? `Branch list unavailable: ${branches.error.message}` : undefined}
      >
        <MenuItem value="">No branch</MenuItem>
        {options.map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.name}
          </MenuItem>
        ))}
      </OltTextField>
      <OltTextField
        control={control}
        name="host"
        label="Olt IP"
        required
        placeholder="10.0.0.2"
        slotProps={checkAdornment(check)}
      />
      <OltTextField
        control={control}
        name="telnetPort"
        label="Telnet Port"
        required
        inputMode="numeric"
        slotProps={checkAdornment(check)}
        cell={cellOf(2)}
      />
      <OltTextField control={control} name="brand" label="Brand" select required cell={cellOf(3)}>
        {codeItems(brands)}
      </OltTextField>
      <OltTextField control={control} name="mode" label="Mode" select required cell={cellOf(3)}>
        {codeItems(modes)}
      </OltTextField>
    </>
  );
}
