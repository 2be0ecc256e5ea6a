import { useState } from 'react';
import { Button, Chip, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { UpdateEvent } from '@pondesk/contracts';
import { formatDateTime } from '../../../shared/format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable, type Column } from '../../../shared/ui/data-table';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useNow } from '../../../shared/use-now';
import { safeLink } from '../../content/links';
import { eventState, sortEvents, type EventState } from '../content-forms';
import { useDeleteEvent, useEvents } from '../hooks';
import { EventDialog } from './event-dialog';
import { TabToolbar } from './tab-toolbar';

const STATE_CHIPS: Record<EventState, { label: string; color: 'success' | 'info' | 'default' }> = {
  scheduled: { label: 'Scheduled', color: 'info' },
  running: { label: 'Showing', color: 'success' },
  ended: { label: 'Ended', color: 'default' },
};

/** The update popups signed-in ISP users see once while an event runs. */
export function EventsTab() {
  const toast = useToast();
  const events = useEvents();
  const remove = useDeleteEvent();
  const now = useNow(30_000);
  const [editing, setEditing] = useState<UpdateEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UpdateEvent | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success('Update event deleted'),
      onError: (error) => toast.error(messageOf(error, 'Failed to delete the update event')),
      onSettled: () => setDeleting(null),
    });
  };

  const columns: Column<UpdateEvent>[] = [
    {
      key: 'note',
      header: 'Note',
      render: (e) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {e.note}
          </Typography>
          {e.description && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                maxWidth: 420,
              }}
            >
              {e.description}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'starts',
      header: 'Starts',
      render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.startsAt)}</span>,
    },
    {
      key: 'ends',
      header: 'Ends',
      render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.endsAt)}</span>,
    },
    {
      key: 'state',
      header: 'State',
      render: (e) => {
        const state = eventState(e, now);
        return (
          <Chip
            size="small"
            color={STATE_CHIPS[state].color}
            label={STATE_CHIPS[state].label}
            data-testid="event-state"
            data-state={state}
          />
        );
      },
    },
    {
      key: 'report',
      header: 'Report',
      render: (e) => {
        const href = safeLink(e.reportLink);
        return href ? (
          <Link href={href} target="_blank" rel="noopener noreferrer">
            Open
          </Link>
        ) : (
          '—'
        );
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (e) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            onClick={() => setEditing(e)}
            aria-label={`Edit ${e.note}`}
            data-testid="event-edit"
          >
            Edit
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(e)}
            aria-label={`Delete ${e.note}`}
            data-testid="event-delete"
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <TabToolbar text="While an event runs, each signed-in ISP user sees its popup once; closing it marks it seen.">
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing('new')}
          data-testid="event-add"
        >
          Add update event
        </Button>
      </TabToolbar>
      <DataTable
        label="update events"
        columns={columns}
        rows={events.data && sortEvents(events.data)}
        rowKey={(e) => e.id}
        loading={events.isPending}
        refreshing={events.isFetching && !events.isPending}
        error={events.isError ? events.error : null}
        onRetry={() => void events.refetch()}
        empty="No update events yet."
      />
      {editing && <EventDialog event={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title="Delete update event?"
        text={deleting ? `“${deleting.note}” will no longer be shown to anyone.` : undefined}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
