import { useState } from 'react';
import { Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import BoltIcon from '@mui/icons-material/Bolt';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  describeAuditAction,
  type AuditFacets,
  type AuditKind,
} from '@pondesk/contracts';
import { SearchField } from '../../../shared/ui/search-field';
import { hasAuditFilters, rangeError, type AuditParams } from '../list-params';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';

const ANY = '';

/** The log's filters: user, action, kind (with a one-click 'Device writes'), days and a search. */
export function AuditFilters({
  params,
  facets,
  onChange,
}: {
  params: AuditParams;
  facets: AuditFacets | undefined;
  onChange: (change: Partial<AuditParams>) => void;
}) {
  const actors = facets?.actors ?? [];
  const actions = facets?.actions ?? [];
  // A filter from a link keeps its option while the pickers load, or after its rows have aged out.
  const actorOptions =
    params.user && !actors.some((a) => a.id === params.user)
      ? [...actors, { id: params.user, name: 'Selected user' }]
      : actors;
  const actionOptions =
    params.action && !actions.includes(params.action) ? [...actions, params.action] : actions;
  const rangeProblem = rangeError(params);
  const deviceWrites = params.kind === 'device-write';
  // The search box keeps what was typed; clearing the filters starts it afresh.
  const [searchKey, setSearchKey] = useState(0);
  return (
    <Stack spacing={2} sx={{ mb: 2 }} data-testid="audit-filters">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          icon={<BoltIcon />}
          label="Device writes"
          color="warning"
          variant={deviceWrites ? 'filled' : 'outlined'}
          onClick={() => onChange({ kind: deviceWrites ? '' : 'device-write' })}
          aria-pressed={deviceWrites}
          data-testid="audit-quick-device-writes"
        />
        {hasAuditFilters(params) && (
          <Button
            size="small"
            startIcon={<FilterAltOffIcon />}
            onClick={() => {
              setSearchKey((k) => k + 1);
              onChange({ user: '', action: '', kind: '', from: '', to: '', q: '' });
            }}
            data-testid="audit-clear-filters"
          >
            Clear filters
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="User"
          value={params.user}
          onChange={(e) => onChange({ user: e.target.value })}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'audit-filter-user' } }}
        >
          <MenuItem value={ANY}>Any user</MenuItem>
          {actorOptions.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Action"
          value={params.action}
          onChange={(e) => onChange({ action: e.target.value })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={ANY}>Any action</MenuItem>
          {actionOptions.map((a) => (
            <MenuItem key={a} value={a}>
              {describeAuditAction(a)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Kind"
          value={params.kind}
          onChange={(e) => onChange({ kind: e.target.value as AuditKind | '' })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ANY}>Any kind</MenuItem>
          {AUDIT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {AUDIT_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFields
          from={params.from}
          to={params.to}
          onChange={onChange}
          type="date"
          problem={rangeProblem}
        />
        <SearchField
          key={searchKey}
          value={params.q}
          onChange={(q) => onChange({ q })}
          label="Search action, user or target id"
          testId="audit-search"
        />
      </Stack>
    </Stack>
  );
}
