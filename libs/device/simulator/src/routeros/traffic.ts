/**
 * What a simulated subscriber sends and receives: a plan (the queue's `max-limit`) and a rate that moves over
 * simulated time, deterministic from the seed. The rate is the plan times a level times a shape of three
 * waves (the day's, with its evening peak; a half-hour swell; a wobble of a minute or two) that stays within
 * 0…1, so it never exceeds the plan. Bytes are the rate's integral, in closed form, so a queue's `bytes` since
 * its session came up always agree with its `rate` however long the session has been up.
 */
import type { UpDown } from '@pondesk/device-routeros';
import { between, unit } from '../model/seeded-random';

export interface Plan {
  /** The PPP profile's name (`20M`). */
  name: string;
  /** bits/s, both ways (the plans are symmetric). */
  bps: number;
}

/** Plans and how common each is, from the most common. */
export const PLANS: readonly (Plan & { share: number })[] = [
  { name: '20M', bps: 20_000_000, share: 0.3 },
  { name: '10M', bps: 10_000_000, share: 0.2 },
  { name: '30M', bps: 30_000_000, share: 0.2 },
  { name: '40M', bps: 40_000_000, share: 0.1 },
  { name: '50M', bps: 50_000_000, share: 0.1 },
  { name: '100M', bps: 100_000_000, share: 0.1 },
];

/** The subscriber's plan, from the seed. */
export function planOf(seed: number, ponPort: number, onuId: number): Plan {
  let u = unit(seed, ponPort, onuId, 701);
  let chosen = PLANS[0] ?? { name: '20M', bps: 20_000_000 };
  for (const p of PLANS) {
    chosen = p;
    if (u < p.share) break;
    u -= p.share;
  }
  return { name: chosen.name, bps: chosen.bps };
}

/** Mean bytes a packet, each way (downloads are mostly full frames, uploads mostly acknowledgements). */
const PACKET_BYTES = { upload: 180, download: 1100 } as const;

const DAY = 86_400;
/** The evening peak, 21:00 in Dhaka (UTC+6). */
const PEAK_UTC_SECONDS = 15 * 3600;

interface Wave {
  amplitude: number;
  omega: number;
  phase: number;
}

/** One direction: level × (0.5 + Σ amplitude·sin(ωt + φ)), the amplitudes summing to 0.5. */
class Direction {
  constructor(
    private readonly peakBps: number,
    private readonly waves: readonly Wave[],
  ) {}

  /** bits/s at t (simulated Unix seconds). */
  rate(t: number): number {
    let g = 0.5;
    for (const w of this.waves) g += w.amplitude * Math.sin(w.omega * t + w.phase);
    return Math.max(0, this.peakBps * g);
  }

  /** The integral of the rate from `from` to `to`, in bits. */
  bits(from: number, to: number): number {
    if (to <= from) return 0;
    const integral = (t: number): number => {
      let g = 0.5 * t;
      for (const w of this.waves) g -= (w.amplitude / w.omega) * Math.cos(w.omega * t + w.phase);
      return g;
    };
    return Math.max(0, this.peakBps * (integral(to) - integral(from)));
  }
}

/** One subscriber's traffic, both ways (subscriber's side: upload is what the router receives). */
export class SubscriberTraffic {
  private readonly up: Direction;
  private readonly down: Direction;

  constructor(
    seed: number,
    ponPort: number,
    onuId: number,
    readonly plan: Plan,
  ) {
    const k = (salt: number): number[] => [seed, ponPort, onuId, salt];
    // How hard the subscriber uses the line at its busiest (a share of the plan), and its upload to that.
    const downLevel = between(0.15, 0.9, ...k(711));
    const upLevel = downLevel * between(0.08, 0.35, ...k(712));
    const dayOmega = (2 * Math.PI) / DAY;
    // The day's wave peaks in the evening (give or take an hour): sin(ωt + φ) = 1 at the peak.
    const peak = PEAK_UTC_SECONDS + between(-3600, 3600, ...k(713));
    const dayPhase = Math.PI / 2 - dayOmega * peak;
    const waves = (salt: number): Wave[] => [
      { amplitude: 0.25, omega: dayOmega, phase: dayPhase },
      {
        amplitude: 0.15,
        omega: (2 * Math.PI) / between(1500, 2100, ...k(salt)),
        phase: between(0, 2 * Math.PI, ...k(salt + 1)),
      },
      {
        amplitude: 0.1,
        omega: (2 * Math.PI) / between(60, 120, ...k(salt + 2)),
        phase: between(0, 2 * Math.PI, ...k(salt + 3)),
      },
    ];
    this.down = new Direction(plan.bps * downLevel, waves(720));
    this.up = new Direction(plan.bps * upLevel, waves(730));
  }

  /** bits/s at t, each way (whole bits, never above the plan). */
  rate(t: number): UpDown {
    return {
      upload: Math.min(this.plan.bps, Math.floor(this.up.rate(t))),
      download: Math.min(this.plan.bps, Math.floor(this.down.rate(t))),
    };
  }

  /** Bytes from `from` to `to` (simulated seconds), each way: what a queue counts over that time. */
  bytes(from: number, to: number): UpDown {
    return {
      upload: Math.floor(this.up.bits(from, to) / 8),
      download: Math.floor(this.down.bits(from, to) / 8),
    };
  }

  /** Packets over the same time (bytes over a mean packet size). */
  packets(from: number, to: number): UpDown {
    const b = this.bytes(from, to);
    return {
      upload: Math.floor(b.upload / PACKET_BYTES.upload),
      download: Math.floor(b.download / PACKET_BYTES.download),
    };
  }

  /** Packets a second at t, each way. */
  packetRate(t: number): UpDown {
    const r = this.rate(t);
    return {
      upload: Math.floor(r.upload / 8 / PACKET_BYTES.upload),
      download: Math.floor(r.download / 8 / PACKET_BYTES.download),
    };
  }
}
