import type { OnuRow } from '@pondesk/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { messageOf } from '../../../shared/ui/errors';
import { useToast } from '../../../shared/ui/toast';
import { useDeleteOnuRecord } from '../hooks';
import { ClearDialog } from './clear-dialog';
import type { OnuAction } from './onu-row-actions';
import { RebootDialog } from './reboot-dialog';
import { UpdateDataDialog } from './update-data-dialog';

export interface PendingAction {
  action: OnuAction;
  onu: OnuRow;
}

/** The dialogs behind an ONU's actions, shared by the ONU lists and the PPPoE page. */
export function OnuActionDialogs({
  pending,
  onClose,
  onDeleted,
}: {
  pending: PendingAction | null;
  onClose: () => void;
  /** After the record is gone (Delete or Clear). */
  onDeleted?: () => void;
}) {
  const toast = useToast();
  const remove = useDeleteOnuRecord();
  const onu = pending?.onu ?? null;
  const label = onu ? (onu.pppoeIds[0] ?? onu.ifName) : '';
  return (
    <>
      <UpdateDataDialog onu={pending?.action === 'update' ? onu : null} onClose={onClose} />
      <ClearDialog onu={pending?.action === 'clear' ? onu : null} onClose={onClose} onDone={onDeleted} />
      <RebootDialog onu={pending?.action === 'reboot' ? onu : null} onClose={onClose} />
      <ConfirmDialog
        open={pending?.action === 'delete'}
        text={
          onu
            ? `Delete the stored record of ${label} (${onu.ifName})? Its signal history goes with it; while the OLT still lists the ONU, the next poll reads it again.`
            : undefined
        }
        confirmLabel="Yes, delete it!"
        busy={remove.isPending}
        onConfirm={() =>
          onu &&
          remove.mutate(onu.id, {
            onSuccess: () => {
              toast.success('Deleted Successfully!');
              onDeleted?.();
            },
            onError: (error) => toast.error(`Failed to delete! ${messageOf(error, '')}`.trim()),
            onSettled: onClose,
          })
        }
        onClose={onClose}
      />
    </>
  );
}
