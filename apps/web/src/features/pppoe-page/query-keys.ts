/**
 * Live reads of the router, outside the ONU keys: the page's Refresh and the ONU's live updates refetch
 * the stored data, and must not add router reads to the page's own rhythm.
 */
export const liveKeys = {
  all: ['router-live'] as const,
  session: (onuId: string, pppoe: string) => [...liveKeys.all, 'session', onuId, pppoe] as const,
  hosts: (onuId: string, pppoe: string) => [...liveKeys.all, 'hosts', onuId, pppoe] as const,
};
