import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { ApiErrorBody, MacFindStarted } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { startMacFind } from '../../../shared/scans/api';
import { useScanOlts } from '../../../shared/scans/hooks';
import { groupOlts } from '../../../shared/scans/olt-groups';
import { isScanRunning } from '../../../shared/scans/scan-state';
import { useScan } from '../../../shared/scans/use-scan';
import { messageOf } from '../../../shared/ui/errors';
import { noOltText } from '../../../shared/ui/no-olt-state';
import { useSession } from '../../auth/session';
import { CONNECTION_LOST, activeOlts, checkMac, firstWithData, hitsFor, macFindStatus } from '../mac-find';
import { MacFindDetail } from './mac-find-detail';
import { MacFindSidebar } from './mac-find-sidebar';

/** The spec's words when a search fails without a reason worth showing. */
const SEARCH_FAILED = 'Failed to fetch data';

/** The server's complaint about the MAC itself (400 on field `mac`), if that is what this is. */
function macFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as ApiErrorBody & { field?: string };
  if (error.fields.mac) return error.fields.mac;
  return body.field === 'mac' ? body.message : null;
}

/**
 * Mac Find: one scan across every OLT the user may see. The last poll's hits show at once; each OLT's
 * live answer follows over the socket. Leaving the mode or closing the popup cancels the scan.
 */
export function MacFind({ modeSelect, onNavigate }: { modeSelect: ReactNode; onNavigate: () => void }) {
  const { user } = useSession();
  const olts = useScanOlts();
  const { state, start, retry } = useScan<MacFindStarted>('mac-find', {
    // Answers sent while the socket was away are lost: say so for the OLTs still waiting, with Retry.
    onReconnect: (s, controls) => {
      if (s.scan && isScanRunning(s)) controls.markLost(CONNECTION_LOST);
    },
  });
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  // The first OLT with data is selected by itself, once; the user's choice is kept.
  const first = firstWithData(state);
  useEffect(() => {
    if (!selected && first) setSelected(first);
  }, [selected, first]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (state.awaiting) return;
    const checked = checkMac(text);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setSelected(null);
    try {
      await start(() => startMacFind({ mac: checked.mac }));
    } catch (error) {
      const onMac = macFieldError(error);
      if (onMac) setFieldError(onMac);
      else setFailure(messageOf(error, SEARCH_FAILED));
    }
  };

  const searched = !!state.scan;
  const scanOlts = state.scan?.olts;
  const pickerOlts = olts.data?.olts;
  const list = useMemo(() => scanOlts ?? pickerOlts ?? [], [scanOlts, pickerOlts]);
  const groups = useMemo(() => groupOlts(list), [list]);
  const active = activeOlts(state);
  const status = macFindStatus(state);
  const olt = list.find((o) => o.id === selected) ?? null;
  const noOlt = noOltText(user?.permissions);

  return (
    <>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          {modeSelect}
          <TextField
            autoFocus
            fullWidth
            size="small"
            label="MAC address"
            placeholder="aa:bb:cc:dd:ee:ff"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (fieldError) setFieldError(null);
            }}
            error={!!fieldError}
            helperText={
              fieldError ?? 'Any common spelling: aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF, aabb.ccdd.eeff'
            }
            slotProps={{
              htmlInput: {
                maxLength: 32,
                spellCheck: false,
                autoCapitalize: 'off',
                autoComplete: 'off',
                'data-testid': 'mac-find-input',
              },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchIcon />}
            disabled={!text.trim() || state.awaiting}
            data-testid="mac-find-submit"
            sx={{ flexShrink: 0, height: 40 }}
          >
            Submit
          </Button>
        </Stack>
      </Box>

      {failure && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="mac-find-error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      <Box sx={{ mt: 2, minHeight: 28 }}>
        <Typography
          variant="body2"
          role="status"
          aria-live="polite"
          data-testid="mac-find-status"
          data-running={status?.running ? 'true' : 'false'}
          color={
            status?.tone === 'warning'
              ? 'warning.main'
              : status?.tone === 'success'
                ? 'success.main'
                : 'text.secondary'
          }
          sx={{ fontWeight: status && !status.running ? 600 : undefined }}
        >
          {status?.text ?? ''}
        </Typography>
        {status?.running && (
          <LinearProgress
            variant={state.scan ? 'determinate' : 'indeterminate'}
            value={status.percent}
            aria-hidden
            sx={{ mt: 0.5, height: 3, borderRadius: 2 }}
          />
        )}
      </Box>

      <Box
        sx={{
          mt: 1,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' },
          gap: 2,
          height: { md: '62vh' },
        }}
      >
        <Paper variant="outlined" sx={{ overflowY: 'auto', maxHeight: { xs: 320, md: 'none' } }}>
          <MacFindSidebar
            groups={groups}
            active={active}
            state={state}
            selected={selected}
            loading={!searched && olts.isPending}
            error={!searched && olts.isError ? olts.error.message : null}
            emptyText={`${noOlt.title}. ${noOlt.text}`}
            onSelect={setSelected}
            onRetry={retry}
            onReload={() => void olts.refetch()}
          />
        </Paper>
        <Paper variant="outlined" sx={{ overflowY: 'auto', p: 2, minHeight: 240 }}>
          <MacFindDetail
            olt={olt}
            entry={olt ? state.entries[olt.id] : undefined}
            found={olt ? hitsFor(state, olt.id) : { hits: [], goneSinceLastPoll: false }}
            mac={state.scan?.mac ?? null}
            searched={searched}
            onRetry={retry}
            onNavigate={onNavigate}
          />
        </Paper>
      </Box>
    </>
  );
}
