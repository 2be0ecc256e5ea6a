export const scanKeys = {
  all: ['scans'] as const,
  olts: () => [...scanKeys.all, 'olts'] as const,
  inactiveResults: () => [...scanKeys.all, 'inactive-results'] as const,
  /** One cache entry per set of OLTs, whatever order they were asked in. */
  inactiveResultsFor: (oltIds: readonly string[]) =>
    [...scanKeys.inactiveResults(), [...oltIds].sort().join(',')] as const,
};
