import type { SignalBandKey } from '@pondesk/contracts';
// The keys alone, not the ONU feature: the router prefetches the summary before any screen code loads.
import { onuKeys } from '../onus/query-keys';

/** Under the ONU feature's dashboard key, so its live updates refresh the counts and an open band table. */
export const dashboardKeys = {
  all: onuKeys.dashboard(),
  summary: () => [...dashboardKeys.all, 'summary'] as const,
  band: (band: SignalBandKey, page: number) => [...dashboardKeys.all, 'band', band, page] as const,
  /**
   * Outside `all` on purpose: the list changes once a day (the nightly trend job), so the ONU status
   * updates that refresh the counts have no reason to fetch it again.
   */
  degrading: (page: number) => ['dashboard-degrading', page] as const,
};
