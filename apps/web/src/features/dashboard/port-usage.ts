import { PORT_CAPACITY } from '@pondesk/contracts';

export type PonMode = keyof typeof PORT_CAPACITY;

/** A port card shows this many ports before Show More (spec 1 §9). */
export const PORTS_SHOWN = 8;

/** A port-usage card lists this many OLTs before its "Show all OLTs" button: nothing scrolls out of sight. */
export const OLTS_SHOWN = 4;

/** The ports (or OLTs) to draw and how many more Show More would reveal. */
export function visiblePorts<T>(
  ports: readonly T[],
  expanded: boolean,
  limit = PORTS_SHOWN,
): { shown: readonly T[]; hidden: number } {
  if (expanded || ports.length <= limit) return { shown: ports, hidden: 0 };
  return { shown: ports.slice(0, limit), hidden: ports.length - limit };
}

/** How full a port's bar is, in percent of the mode's capacity (a port over capacity shows full). */
export function usagePercent(mode: PonMode, count: number): number {
  const { capacity } = PORT_CAPACITY[mode];
  if (!Number.isFinite(count) || count <= 0) return 0;
  return Math.min(100, (count / capacity) * 100);
}

export const onuTotal = (ports: readonly { count: number }[]): number =>
  ports.reduce((sum, p) => sum + p.count, 0);
