/**
 * One simulated BRAS's PPPoE sessions: the subscribers are its OLT's ONUs that carry a PPPoE id, and a
 * session is up while the ONU is online (and no PPP-only drop holds it down). Each pass compares every ONU's
 * status with the last seen and answers the events the router's on-up / on-down scripts would post. Pure
 * logic: no clock, no network (times are passed in).
 */
import type { SessionAction, SessionEvent } from './session-event';

/** What the tracker reads of an OLT at one instant. */
export interface OnuView {
  refs(): readonly { ponPort: number; onuId: number }[];
  /** The ONU's PPPoE id, or null when its description carries none. */
  pppoeId(ponPort: number, onuId: number): string | null;
  /** Null when the ONU no longer exists. */
  online(ponPort: number, onuId: number): boolean | null;
  /** The first client MAC behind the ONU (asked only while it is online), or null. */
  clientMac(ponPort: number, onuId: number): string | null;
}

interface Subscriber {
  ponPort: number;
  onuId: number;
  user: string;
  /** Remembered from the last time the ONU was online (offline ONUs show no client MACs). */
  callerId: string;
  remoteAddress: string;
  online: boolean;
  /** A PPP-only drop: the session is down while the ONU stays online. */
  pppDown: boolean;
  /** When (by the `stamp` clock) the session last came back from a PPP-only drop; null if it never did. */
  pppBackAt: number | null;
}

/** A subscriber's PPP-only drop as the router's own tables show it. */
export interface PppState {
  /** The session is held down by a PPP-only drop (the ONU stays online). */
  held: boolean;
  /** When the session last came back from one (the `stamp` clock), or null. */
  backAt: number | null;
}

export type PppDropResult =
  | { ok: true; down: SessionEvent; upAtMs: number }
  | { ok: false; why: 'unknown' | 'no-pppoe' | 'offline' | 'already-down' };

const key = (ponPort: number, onuId: number): number => ponPort * 1024 + onuId;

export class SessionTracker {
  private readonly subs = new Map<number, Subscriber>();
  /** Subscribers' keys, for random picks (rebuilt when one disappears). */
  private keys: number[] | null = null;
  /** PPP-only drops waiting for their `up`: key → due time (ms). */
  private readonly pendingUp = new Map<number, number>();

  /**
   * @param stamp the clock that dates a session's return from a PPP-only drop (the BRAS's simulated seconds),
   *   read by `pppState`; the tracker itself runs on the times passed in.
   */
  constructor(
    readonly router: string,
    private readonly addressOf: (ponPort: number, onuId: number) => string,
    private readonly callerIdOf: (mac: string | null) => string,
    private readonly stamp: () => number | null = () => null,
  ) {}

  get subscribers(): number {
    return this.subs.size;
  }

  /** Subscribers whose session is up (ONU online, no PPP-only drop). */
  get sessionsUp(): number {
    let n = 0;
    for (const s of this.subs.values()) if (s.online && !s.pppDown) n++;
    return n;
  }

  /**
   * One pass over the OLT: the events of every ONU whose status changed since the last pass. The first pass
   * only records what it sees.
   */
  observe(view: OnuView): SessionEvent[] {
    const out: SessionEvent[] = [];
    const refs = view.refs();
    let seen = 0;
    for (const r of refs) {
      const k = key(r.ponPort, r.onuId);
      const ev = this.observeOne(view, r.ponPort, r.onuId, k);
      if (ev) out.push(ev);
      if (this.subs.has(k)) seen++;
    }
    if (seen !== this.subs.size) {
      // Deleted ONUs: a session they carried ends with them.
      const present = new Set(refs.map((r) => key(r.ponPort, r.onuId)));
      for (const [k, s] of this.subs) {
        if (present.has(k)) continue;
        if (s.online && !s.pppDown) out.push(this.event(s, 'down'));
        this.subs.delete(k);
        this.pendingUp.delete(k);
        this.keys = null;
      }
    }
    return out;
  }

  /** PPP-only drops whose `up` is due by `nowMs`. */
  due(nowMs: number): SessionEvent[] {
    const out: SessionEvent[] = [];
    for (const [k, at] of this.pendingUp) {
      if (at > nowMs) continue;
      this.pendingUp.delete(k);
      const s = this.subs.get(k);
      if (!s || !s.pppDown) continue;
      s.pppDown = false;
      s.pppBackAt = this.stamp();
      if (s.online) out.push(this.event(s, 'up'));
    }
    return out;
  }

  /**
   * A PPP-only drop of one subscriber now (its ONU stays online): the `down`, and when its `up` is due. The
   * ONU is looked at first, so a change since the last pass is reported before the drop (`before`).
   */
  pppDrop(
    view: OnuView,
    ponPort: number,
    onuId: number,
    nowMs: number,
    upAfterMs: number,
    before: SessionEvent[] = [],
  ): PppDropResult {
    const k = key(ponPort, onuId);
    if (view.online(ponPort, onuId) === null) return { ok: false, why: 'unknown' };
    const ev = this.observeOne(view, ponPort, onuId, k);
    if (ev) before.push(ev);
    const s = this.subs.get(k);
    if (!s) return { ok: false, why: 'no-pppoe' };
    if (!s.online) return { ok: false, why: 'offline' };
    if (s.pppDown) return { ok: false, why: 'already-down' };
    s.pppDown = true;
    const upAtMs = nowMs + upAfterMs;
    this.pendingUp.set(k, upAtMs);
    return { ok: true, down: this.event(s, 'down'), upAtMs };
  }

  /** Whether the subscriber's session is held down by a PPP-only drop, and when it last came back from one. */
  pppState(ponPort: number, onuId: number): PppState {
    const s = this.subs.get(key(ponPort, onuId));
    return s ? { held: s.pppDown, backAt: s.pppBackAt } : { held: false, backAt: null };
  }

  /**
   * The subscriber at `index` (taken modulo the count) when its session is up, for random PPP-only drops;
   * null when it is down.
   */
  sessionAt(index: number): { ponPort: number; onuId: number } | null {
    if (!this.keys) this.keys = [...this.subs.keys()];
    if (!this.keys.length) return null;
    const s = this.subs.get(this.keys[index % this.keys.length]);
    return s && s.online && !s.pppDown ? { ponPort: s.ponPort, onuId: s.onuId } : null;
  }

  private observeOne(view: OnuView, ponPort: number, onuId: number, k: number): SessionEvent | null {
    const online = view.online(ponPort, onuId);
    if (online === null) return null;
    let s = this.subs.get(k);
    if (!s) {
      const user = view.pppoeId(ponPort, onuId);
      if (!user) return null;
      s = {
        ponPort,
        onuId,
        user,
        callerId: online ? this.callerIdOf(view.clientMac(ponPort, onuId)) : '',
        remoteAddress: this.addressOf(ponPort, onuId),
        online,
        pppDown: false,
        pppBackAt: null,
      };
      this.subs.set(k, s);
      this.keys = null;
      // Seen for the first time (the first pass): nothing to compare with yet.
      return null;
    }
    if (online === s.online) return null;
    s.online = online;
    if (online) {
      s.callerId = this.callerIdOf(view.clientMac(ponPort, onuId)) || s.callerId;
      return this.event(s, 'up');
    }
    if (s.pppDown) {
      // The session was already down (PPP-only drop): the ONU going away ends the wait for its `up`.
      s.pppDown = false;
      this.pendingUp.delete(k);
      return null;
    }
    return this.event(s, 'down');
  }

  private event(s: Subscriber, action: SessionAction): SessionEvent {
    return {
      action,
      user: s.user,
      callerId: s.callerId,
      remoteAddress: s.remoteAddress,
      router: this.router,
    };
  }
}
