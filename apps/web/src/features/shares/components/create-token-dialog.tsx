import { useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { SHARE_MESSAGES, ShareErrorCode, type CreatedShareToken, type ShareScope } from '@pondesk/contracts';
import { ApiError } from '../../../shared/http-client';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useCreateShareToken, useShareOlts } from '../hooks';
import { EXPIRIES, createRequest, type Expiry } from '../share-form';

/** 'Create New Token': scope, expiry and a label; 'Already Created' offers a second token for the scope. */
export function CreateTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedShareToken) => void;
}) {
  const toast = useToast();
  const olts = useShareOlts(open);
  const create = useCreateShareToken();
  const [label, setLabel] = useState('');
  const [scope, setScope] = useState<ShareScope>('all');
  const [oltIds, setOltIds] = useState<string[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [exists, setExists] = useState(false);

  useEffect(() => {
    if (!open) return;
    setLabel('');
    setScope('all');
    setOltIds([]);
    setExpiry('never');
    setExists(false);
    create.reset();
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const fields = fieldErrorsOf(create.error);
  const submit = (another: boolean) =>
    create.mutate(createRequest({ label, scope, oltIds, expiry, another }), {
      onSuccess: (created) => {
        toast.success(SHARE_MESSAGES.created);
        onCreated(created);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.body.code === ShareErrorCode.SHARE_EXISTS) {
          setExists(true);
          toast.error(SHARE_MESSAGES.exists);
        } else toast.error(messageOf(error, 'Failed to create the token.'));
      },
    });
  const options = olts.data?.olts ?? [];
  const chosen = options.filter((o) => oltIds.includes(o.id));
  const busy = create.isPending;
  const invalid = scope === 'olts' && oltIds.length === 0;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Create New Token</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Label (optional)"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            disabled={busy}
            error={!!fields.label}
            helperText={fields.label ?? 'Who the link is for, e.g. "Field team north"'}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <FormControl disabled={busy}>
            <FormLabel id="share-scope">Shares</FormLabel>
            <RadioGroup
              row
              aria-labelledby="share-scope"
              value={scope}
              onChange={(e) => {
                setScope(e.target.value as ShareScope);
                setExists(false);
              }}
            >
              <FormControlLabel value="all" control={<Radio />} label="All OLTs" />
              <FormControlLabel value="olts" control={<Radio />} label="Chosen OLTs" />
            </RadioGroup>
          </FormControl>
          {scope === 'olts' && (
            <Autocomplete
              multiple
              options={options}
              value={chosen}
              loading={olts.isPending}
              disabled={busy}
              getOptionLabel={(o) => `${o.name} (${o.code})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_, value) => {
                setOltIds(value.map((o) => o.id));
                setExists(false);
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="OLTs"
                  error={!!fields.oltIds}
                  helperText={fields.oltIds ?? (olts.isError ? 'Could not load the OLTs.' : undefined)}
                />
              )}
              data-testid="share-olts"
            />
          )}
          <FormControl disabled={busy}>
            <InputLabel id="share-expiry">Works</InputLabel>
            <Select
              labelId="share-expiry"
              label="Works"
              value={expiry}
              onChange={(e) => setExpiry(e.target.value as Expiry)}
            >
              {EXPIRIES.map((e) => (
                <MenuItem key={e.value} value={e.value}>
                  {e.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {exists && (
            <Alert severity="info" data-testid="share-exists">
              {SHARE_MESSAGES.exists}: a working link already shares these OLTs. Copy is not possible (tokens
              are stored hashed); make another one if you need a new link, and revoke the old one if it is no
              longer wanted.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {exists ? (
          <Button variant="contained" onClick={() => submit(true)} disabled={busy || invalid}>
            Create another
          </Button>
        ) : (
          <Button variant="contained" onClick={() => submit(false)} disabled={busy || invalid}>
            Create
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
