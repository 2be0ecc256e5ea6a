/** PPPoE session data that more than one screen reads (the Down Count List and the PPPoE page). */
export const sessionKeys = {
  all: ['sessions'] as const,
  histories: () => [...sessionKeys.all, 'history'] as const,
  history: (pppoeId: string) => [...sessionKeys.histories(), pppoeId] as const,
};
