import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Collapse,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import type { IngestRouter, IngestSetup } from '@pondesk/contracts';
import { formatAgo, formatDateTime } from '../../../shared/format';
import { SessionActionChip } from '../../../shared/sessions/session-chips';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { copyText } from '../../../shared/ui/copy';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { maskKey, maskScript, routersSummary } from '../format';
import { useIngestSetup, useRotateIngestKey } from '../hooks';

/** Spec 2 §8: what a copy says. */
export const COPIED = 'Copied!';
export const NOT_COPIED = 'Failed to copy';
export const ROTATE_WARNING = 'Routers using the old key stop reporting until their scripts are updated.';
export const NO_ROUTER_YET =
  "No router has reported yet — paste the script into the PPP profile's on-up and on-down";

type ScriptVersion = keyof IngestSetup['scripts'];

function useCopy() {
  const toast = useToast();
  return async (text: string) => {
    if (await copyText(text)) toast.success(COPIED);
    else toast.error(NOT_COPIED);
  };
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: 0.75 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * How the ISP's MikroTik routers report PPPoE sessions: where they post, the tenant's key, the script
 * for the PPP profile's on-up and on-down (RouterOS v6 or v7, written by the server with the key and
 * URL in it) and which routers have reported. Folded once a router reports; open until then.
 */
export function IngestSetupPanel({ now }: { now: number }) {
  const setup = useIngestSetup();
  const data = setup.data;
  // null: folded or not by the routers' state, until the operator chooses.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (data ? data.routers.length === 0 : false);
  const summary = data
    ? routersSummary(data.routers, now)
    : setup.isError
      ? 'Could not load the router setup'
      : 'Loading…';

  return (
    <Card
      variant="outlined"
      sx={{ mb: 2 }}
      data-testid="ingest-setup"
      component="section"
      aria-label="Router setup"
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 2, py: 1.25, cursor: 'pointer' }}
        onClick={() => setChosen(!open)}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Router setup
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap data-testid="ingest-summary">
            {summary}
          </Typography>
        </Box>
        <IconButton
          aria-label={open ? 'Hide the router setup' : 'Show the router setup'}
          aria-expanded={open}
          aria-controls="ingest-setup-body"
          onClick={(e) => {
            e.stopPropagation();
            setChosen(!open);
          }}
        >
          <ExpandMoreIcon
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 0.2s' }}
          />
        </IconButton>
      </Stack>
      <Collapse in={open} id="ingest-setup-body" unmountOnExit>
        <CardContent sx={{ pt: 0 }}>
          {setup.isPending && (
            <Stack spacing={1}>
              <Skeleton width="60%" />
              <Skeleton width="40%" />
              <Skeleton variant="rounded" height={120} />
            </Stack>
          )}
          {setup.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void setup.refetch()}>
                  Retry
                </Button>
              }
            >
              Could not load the router setup: {setup.error.message}
            </Alert>
          )}
          {data && <SetupBody setup={data} now={now} />}
        </CardContent>
      </Collapse>
    </Card>
  );
}

function SetupBody({ setup, now }: { setup: IngestSetup; now: number }) {
  const toast = useToast();
  const copy = useCopy();
  const rotate = useRotateIngestKey();
  const [showKey, setShowKey] = useState(false);
  const [version, setVersion] = useState<ScriptVersion>('v7');
  const [confirmRotate, setConfirmRotate] = useState(false);
  const script = setup.scripts[version];

  return (
    <Stack spacing={2.5}>
      <Typography variant="body2" color="text.secondary">
        Each MikroTik router that terminates PPPoE reports every session going up or down. Paste the script
        into the On Up and On Down of the PPP profile your subscribers use (PPP › Profiles › Scripts); the key
        and the address are already in it.
      </Typography>

      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1.5, m: 0 }}
      >
        <Field label="Ingest URL">
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Typography
              variant="body2"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
              data-testid="ingest-url"
            >
              {setup.url}
            </Typography>
            <Tooltip title="Copy the URL">
              <IconButton size="small" aria-label="Copy the URL" onClick={() => void copy(setup.url)}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </Field>
        <Field label="Ingest key">
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              variant="body2"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mr: 0.5 }}
              data-testid="ingest-key"
              data-shown={showKey}
            >
              {showKey ? setup.key : maskKey(setup.key)}
            </Typography>
            <Button
              size="small"
              startIcon={showKey ? <VisibilityOffIcon /> : <VisibilityIcon />}
              onClick={() => setShowKey((s) => !s)}
              aria-pressed={showKey}
            >
              {showKey ? 'Hide' : 'Show'}
            </Button>
            <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy(setup.key)}>
              Copy
            </Button>
            <Button
              size="small"
              color="warning"
              startIcon={<AutorenewIcon />}
              onClick={() => setConfirmRotate(true)}
              data-testid="ingest-rotate"
            >
              Rotate
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            Created {formatDateTime(setup.keyCreatedAt)}
          </Typography>
        </Field>
      </Box>

      <Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" component="h3">
              Script
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={version}
              onChange={(_, next: ScriptVersion | null) => next && setVersion(next)}
              aria-label="RouterOS version"
              data-testid="ingest-script-version"
            >
              <ToggleButton value="v6">RouterOS v6</ToggleButton>
              <ToggleButton value="v7">RouterOS v7</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <Button
            variant="contained"
            size="small"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy(script)}
            data-testid="ingest-copy-script"
          >
            Copy
          </Button>
        </Stack>
        <Box
          component="pre"
          aria-label={`RouterOS ${version} script`}
          data-testid="ingest-script"
          sx={{
            m: 0,
            p: 1.5,
            maxHeight: 260,
            overflow: 'auto',
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontSize: 12.5,
            fontFamily: 'monospace',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {showKey ? script : maskScript(script, setup.key)}
        </Box>
        {!showKey && (
          <Typography variant="caption" color="text.secondary">
            The key is hidden here; Copy copies the script with the key in it.
          </Typography>
        )}
      </Box>

      <RoutersTable routers={setup.routers} now={now} />

      <ConfirmDialog
        open={confirmRotate}
        title="Rotate the ingest key?"
        text={ROTATE_WARNING}
        confirmLabel="Rotate"
        cancelLabel="Cancel"
        busy={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => toast.success('Key rotated. Copy the new script to your routers.'),
            onError: (error) => toast.error(messageOf(error, 'Failed to rotate the key')),
            onSettled: () => setConfirmRotate(false),
          })
        }
        onClose={() => setConfirmRotate(false)}
      />
    </Stack>
  );
}

function RoutersTable({ routers, now }: { routers: IngestRouter[]; now: number }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Routers
      </Typography>
      <TableContainer data-testid="ingest-routers">
        <Table size="small" aria-label="Routers that report sessions">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>Router</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>Last event</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>Last action</TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                Events in 24 h
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {routers.map((r) => (
              <TableRow key={r.router} hover data-testid="ingest-router-row">
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.router}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={formatDateTime(r.lastEventAt)}>
                    <span>{formatAgo(r.lastEventAt, now)}</span>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <SessionActionChip action={r.lastAction} />
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {r.events24h}
                </TableCell>
              </TableRow>
            ))}
            {routers.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {NO_ROUTER_YET}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
