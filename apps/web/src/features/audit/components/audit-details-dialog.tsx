import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { describeAuditAction, type AuditRow } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { AUDIT_KIND_NAMES, auditDiff, auditFields, auditTarget, type AuditDiffRow } from '../format';
import { AuditOutcomeChip } from './audit-chips';

const CHANGE_LABELS: Record<AuditDiffRow['change'], string> = {
  added: 'Set',
  removed: 'Removed',
  changed: 'Changed',
  same: 'Unchanged',
};

/** One entry of the log: who, when, from where, and each field before and after, in words. */
export function AuditDetailsDialog({
  row,
  open,
  onClose,
}: {
  row: AuditRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const diff = row ? auditDiff(row.before, row.after) : [];
  const single = row && (!row.before || !row.after);
  // A value that was replaced or taken away is struck through; a create or delete has one side only.
  const struck = (d: AuditDiffRow) => !single && (d.change === 'changed' || d.change === 'removed');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="audit-details-title">
      <DialogTitle id="audit-details-title">{row ? describeAuditAction(row.action) : ''}</DialogTitle>
      {row && (
        <DialogContent dividers data-testid="audit-details">
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mb: 2,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>When</dt>
            <dd>{formatDateTime(row.at)}</dd>
            <dt>User</dt>
            <dd>{row.actorName}</dd>
            <dt>Action</dt>
            <dd>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{describeAuditAction(row.action)}</span>
                <Chip
                  size="small"
                  label={AUDIT_KIND_NAMES[row.kind]}
                  color={row.deviceWrite ? 'warning' : 'default'}
                />
              </Stack>
            </dd>
            <dt>Target</dt>
            <dd>
              {auditTarget(row)}
              {row.entityId && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {row.entityId}
                </Typography>
              )}
            </dd>
            <dt>Outcome</dt>
            <dd>
              <AuditOutcomeChip outcome={row.outcome} />
            </dd>
            {row.ip && (
              <>
                <dt>IP</dt>
                <dd>{row.ip}</dd>
              </>
            )}
          </Box>
          {row.kind === 'device-write' || row.kind === 'device-check' ? (
            // A device action's row holds what it was aimed at and what came back, not two versions.
            <Stack spacing={2}>
              <FieldList title="Sent to" fields={auditFields(row.before)} testId="audit-sent-to" />
              <FieldList title="Result" fields={auditFields(row.after)} testId="audit-result" />
            </Stack>
          ) : diff.length === 0 ? (
            <Typography color="text.secondary" data-testid="audit-details-nothing">
              This entry records no field values.
            </Typography>
          ) : (
            <Table size="small" aria-label="Changed fields" data-testid="audit-diff">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>Field</TableCell>
                  {(!single || row.before) && <TableCell sx={{ fontWeight: 700 }}>Before</TableCell>}
                  {(!single || row.after) && <TableCell sx={{ fontWeight: 700 }}>After</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {diff.map((d) => (
                  <TableRow
                    key={d.key}
                    data-testid="audit-diff-row"
                    data-field={d.key}
                    data-change={d.change}
                    sx={{ opacity: d.change === 'same' ? 0.6 : 1 }}
                  >
                    <TableCell component="th" scope="row">
                      {d.label}
                      {!single && d.change !== 'same' && (
                        <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
                          {CHANGE_LABELS[d.change]}
                        </Typography>
                      )}
                    </TableCell>
                    {(!single || row.before) && (
                      <TableCell
                        sx={{
                          overflowWrap: 'anywhere',
                          textDecoration: struck(d) ? 'line-through' : undefined,
                          color: struck(d) ? 'text.secondary' : undefined,
                        }}
                      >
                        {d.before}
                      </TableCell>
                    )}
                    {(!single || row.after) && (
                      <TableCell
                        sx={{ overflowWrap: 'anywhere', fontWeight: d.change === 'same' ? 400 : 600 }}
                      >
                        {d.after}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FieldList({
  title,
  fields,
  testId,
}: {
  title: string;
  fields: { key: string; label: string; value: string }[];
  testId: string;
}) {
  if (!fields.length) return null;
  return (
    <div data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableBody>
          {fields.map((f) => (
            <TableRow key={f.key} data-testid="audit-field-row" data-field={f.key}>
              <TableCell component="th" scope="row" sx={{ width: '35%', color: 'text.secondary' }}>
                {f.label}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{f.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
