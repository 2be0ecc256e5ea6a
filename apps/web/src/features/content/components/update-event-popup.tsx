import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { SessionUser } from '@pondesk/contracts';
import { addSeenPending, isSeenPending, removeSeenPending, type KeyValueStore } from '../event-seen';
import { useActiveEvent, useMarkEventSeen } from '../hooks';
import { safeLink } from '../links';
import { PlainText } from './plain-text';

/** Events closed in this page load (`user:event`), whatever the server said to the seen call. */
const closedThisLoad = new Set<string>();

const NO_STORE: KeyValueStore = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

function browserStore(): KeyValueStore {
  try {
    return window.localStorage;
  } catch {
    return NO_STORE;
  }
}

/**
 * The platform's update note for signed-in ISP users: shown once while the event runs. Closing it (Close
 * or Escape) tells the server it was seen; when that call fails the popup stays closed for this load and
 * the call is sent again on the next one instead of showing the popup twice. It waits for the
 * profile-completion popup, so two dialogs never stack. The shell passes the signed-in user.
 */
export function UpdateEventPopup({ user }: { user: SessionUser | null }) {
  const userId = user?.id ?? '';
  const eligible = !!user && !user.isPlatformAdmin && !!user.tenantId && user.profileConfirmed;
  const active = useActiveEvent(eligible);
  const seen = useMarkEventSeen();
  const [, rerender] = useState(0);
  const retried = useRef(new Set<string>());
  const event = eligible ? (active.data ?? null) : null;
  const store = browserStore();
  const pending = !!event && isSeenPending(store, userId, event.id);

  const { mutate } = seen;
  useEffect(() => {
    if (!event || !pending || retried.current.has(event.id)) return;
    retried.current.add(event.id);
    const id = event.id;
    mutate(id, { onSuccess: () => removeSeenPending(browserStore(), userId, id) });
  }, [event, pending, userId, mutate]);

  if (!event) return null;
  const key = `${userId}:${event.id}`;
  const open = !pending && !closedThisLoad.has(key);
  const report = safeLink(event.reportLink);

  const close = () => {
    closedThisLoad.add(key);
    rerender((n) => n + 1);
    const id = event.id;
    mutate(id, { onError: () => addSeenPending(browserStore(), userId, id) });
  };

  return (
    <Dialog
      open={open}
      onClose={(_, reason) => {
        // A stray click beside the dialog does not count as having read it.
        if (reason !== 'backdropClick') close();
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby="update-event-title"
      data-testid="update-event-dialog"
    >
      <DialogTitle id="update-event-title" sx={{ overflowWrap: 'anywhere' }}>
        {event.note}
      </DialogTitle>
      <DialogContent>
        <PlainText text={event.description} testId="update-event-description" />
      </DialogContent>
      <DialogActions>
        {report && (
          <Button
            href={report}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon fontSize="small" />}
            data-testid="update-event-report"
          >
            Show Report
          </Button>
        )}
        <Button variant="contained" onClick={close} autoFocus data-testid="update-event-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
