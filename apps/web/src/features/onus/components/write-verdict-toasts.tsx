import { useQueryClient } from '@tanstack/react-query';
import type { OnuWriteVerified } from '@pondesk/contracts';
import { useSocketEvents } from '../../../shared/use-socket-events';
import { LATE_TOAST_DURATION_MS, useToast } from '../../../shared/ui/toast';
import { onuKeys } from '../query-keys';
import { verdictToast } from '../write-paths';

type Toaster = Record<
  'success' | 'warning' | 'error',
  (message: string, options?: { durationMs?: number }) => void
>;

/** Toasts one verdict in its kind, with the server's message; false for a verdict this console does not know. */
export function announceVerdict(toast: Toaster, event: OnuWriteVerified): boolean {
  const shown = verdictToast(event);
  if (!shown) return false;
  // It comes unasked, maybe on another page: long enough to be read.
  toast[shown.severity](shown.message, { durationMs: LATE_TOAST_DURATION_MS });
  return true;
}

/**
 * Mounted once in the shell: a reboot's verdict arrives after its dialog has closed, maybe on another page.
 * The ONU's status changed meanwhile, so the ONU lists, ONU pages and the dashboard are read again.
 */
export function WriteVerdictToasts() {
  const toast = useToast();
  const qc = useQueryClient();
  useSocketEvents({
    'onu.write.verified': (event) => {
      if (!announceVerdict(toast, event)) return;
      void qc.invalidateQueries({ queryKey: onuKeys.all });
      void qc.invalidateQueries({ queryKey: ['pppoe', 'lookup'] });
      void qc.invalidateQueries({ queryKey: onuKeys.dashboard() });
    },
  });
  return null;
}
