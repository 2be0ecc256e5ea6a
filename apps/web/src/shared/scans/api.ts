import type {
  InactiveScanResults,
  MacFindStarted,
  ScanOlts,
  ScanStarted,
  StartInactiveScan,
  StartMacFind,
} from '@pondesk/contracts';
import { http } from '../http-client';

const scan = (scanId: string) => `/scans/${encodeURIComponent(scanId)}`;

/** The OLTs the user may see, for the MAC find sidebar and the scanner's OLT picker. */
export const fetchScanOlts = (signal?: AbortSignal) => http<ScanOlts>('/scans/olts', { signal });

export const startMacFind = (body: StartMacFind) =>
  http<MacFindStarted>('/scans/mac-find', { method: 'POST', body });

/** Runs one OLT's part of a scan again; its events follow under the same scan id. */
export const retryScanOlt = (scanId: string, oltId: string) =>
  http<void>(`${scan(scanId)}/retry`, { method: 'POST', body: { oltId } });

/** The worker skips the OLTs not yet started; each answers `scan.olt.finished` with `CANCELLED`. */
export const cancelScan = (scanId: string) => http<void>(scan(scanId), { method: 'DELETE' });

/** Without `oltIds`, every OLT the user may see (auto mode). */
export const startInactiveScan = (body: StartInactiveScan) =>
  http<ScanStarted>('/scans/inactive', { method: 'POST', body });

/** The last stored result per OLT. An empty list would mean "every OLT" to the server, so it is refused. */
export function fetchInactiveResults(oltIds: readonly string[], signal?: AbortSignal) {
  if (!oltIds.length) return Promise.resolve<InactiveScanResults>({ results: [] });
  return http<InactiveScanResults>('/scans/inactive/results', {
    query: { oltIds: oltIds.join(',') },
    signal,
  });
}
