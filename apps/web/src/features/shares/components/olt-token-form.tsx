import { useState } from 'react';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { SHARE_MESSAGES, type CreatedShareToken } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useUpdateOltShareToken } from '../hooks';
import { tokenProblem } from '../share-form';
import { TokenCreatedDialog } from './token-created-dialog';

/**
 * The Token field and 'Update Token' of spec 3 §2.7: sets (typed) or rotates (blank) the link that shares
 * exactly this OLT. The old token of that link stops working at once.
 */
export function OltTokenForm({ oltId, oltName }: { oltId: string; oltName?: string }) {
  const toast = useToast();
  const update = useUpdateOltShareToken(oltId);
  const [token, setToken] = useState('');
  const [created, setCreated] = useState<CreatedShareToken | null>(null);
  const problem = tokenProblem(token) ?? fieldErrorsOf(update.error).token ?? null;

  const submit = () => {
    if (tokenProblem(token)) return;
    update.mutate(token.trim() || undefined, {
      onSuccess: (c) => {
        toast.success(SHARE_MESSAGES.tokenUpdated);
        setToken('');
        setCreated(c);
      },
      onError: (error) => toast.error(messageOf(error, 'Failed to update the token.')),
    });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          Share token
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The link that shows {oltName ?? 'this OLT'} alone, read-only. Updating it replaces the old token:
          the old link stops working at once.
        </Typography>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField
            label="Token"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            disabled={update.isPending}
            error={!!problem}
            helperText={problem ?? 'Leave blank for a new random token'}
            sx={{ flexGrow: 1 }}
            slotProps={{
              htmlInput: { maxLength: 128, autoComplete: 'off', 'data-testid': 'olt-share-token' },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending || !!tokenProblem(token)}
            sx={{ alignSelf: { sm: 'flex-start' }, mt: { sm: 1 } }}
          >
            Update Token
          </Button>
        </Stack>
      </CardContent>
      <TokenCreatedDialog created={created} title="Token updated" onClose={() => setCreated(null)} />
    </Card>
  );
}
