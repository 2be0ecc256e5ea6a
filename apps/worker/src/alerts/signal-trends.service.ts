import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SignalDegradingParams } from '@pondesk/contracts';
import { JobName, type SignalTrendsResult } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { AlertRules } from './alert-rules';
import { openAlert } from './alert-writer';
import { signalTrend, TREND_WINDOW_DAYS, utcDay, type HourlyRx } from './signal-trend';

/** ONUs whose week of hourly rollups is read by one query (about 170 rows each). */
export const TREND_ONU_BATCH = 1000;
/** The ONUs named in an OLT's alert (the fastest falling). */
export const ALERT_WORST_ONUS = 5;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

interface OnuRow {
  id: string;
  pon_port: number;
  onu_id: number;
  if_name: string;
}

interface Degrading {
  onu: OnuRow;
  oltId: string;
  slopeDbPerDay: number;
  rxDbm: number;
  projectedCrossingOn: string | null;
}

/**
 * The daily signal trend (issue 21, "Signal degradation"): for each tenant whose 'signal-degrading' rule is
 * on, every ONU of its shown OLTs gets a trend over its last 7 days of hourly rollups (`signalTrend`); the
 * tenant's `onu_degradation` rows are replaced by the ONUs found degrading, and each OLT with any of them
 * gets one information alert a day (`signal-degrading:<olt>:<UTC day>`, so a second run that day raises
 * none). A tenant with the rule off has its list emptied.
 *
 * The rollups are read per OLT, a batch of ONUs at a time in `onu_ref` order through the (onu_ref, hour)
 * covering index, so a tenant with 100,000 ONUs never has more than one batch's week in memory.
 */
@Injectable()
export class SignalTrendsService {
  private readonly logger = new Logger(SignalTrendsService.name);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @OnJob(JobName.SignalTrends)
  signalTrends(): Promise<SignalTrendsResult> {
    return this.run(new Date());
  }

  /** One run as of `now` (the job passes the clock; tests pass their own). */
  async run(now: Date): Promise<SignalTrendsResult> {
    const rules = await AlertRules.load(this.db.manager);
    const tenants: { id: string }[] = await this.db.query(`SELECT id FROM tenant ORDER BY id`);
    const total: SignalTrendsResult = { onus: 0, degrading: 0, alerts: 0 };
    for (const { id: tenantId } of tenants) {
      const rule = rules.of(tenantId, 'signal-degrading');
      const result = rule.enabled
        ? await this.runTenant(tenantId, rule.params, now)
        : await this.clearTenant(tenantId);
      total.onus += result.onus;
      total.degrading += result.degrading;
      total.alerts += result.alerts;
    }
    this.logger.log(
      `signal trends: ${total.onus} ONUs with a trend, ${total.degrading} degrading, ${total.alerts} alerts`,
    );
    return total;
  }

  private async clearTenant(tenantId: string): Promise<SignalTrendsResult> {
    await this.db.query(`DELETE FROM onu_degradation WHERE tenant_id = $1`, [tenantId]);
    return { onus: 0, degrading: 0, alerts: 0 };
  }

  private async runTenant(
    tenantId: string,
    params: SignalDegradingParams,
    now: Date,
  ): Promise<SignalTrendsResult> {
    const olts: { id: string; name: string }[] = await this.db.query(
      `SELECT id, name FROM olt WHERE tenant_id = $1 AND show = true ORDER BY id`,
      [tenantId],
    );
    let onus = 0;
    const found: Degrading[] = [];
    for (const olt of olts) {
      const rows: OnuRow[] = await this.db.query(
        `SELECT id, pon_port, onu_id, if_name FROM onu WHERE olt_id = $1 AND tenant_id = $2 ORDER BY id`,
        [olt.id, tenantId],
      );
      for (let i = 0; i < rows.length; i += TREND_ONU_BATCH) {
        const batch = rows.slice(i, i + TREND_ONU_BATCH);
        const history = await this.readWeek(
          tenantId,
          batch.map((o) => o.id),
          now,
        );
        for (const onu of batch) {
          const trend = signalTrend(history.get(onu.id) ?? [], now, params);
          if (!trend) continue;
          onus++;
          if (trend.degrading)
            found.push({
              onu,
              oltId: olt.id,
              slopeDbPerDay: trend.slopeDbPerDay,
              rxDbm: trend.currentDbm,
              projectedCrossingOn: trend.projectedCrossingOn,
            });
        }
      }
    }

    const names = new Map(olts.map((o) => [o.id, o.name]));
    const byOlt = new Map<string, Degrading[]>();
    for (const d of found) {
      const list = byOlt.get(d.oltId);
      if (list) list.push(d);
      else byOlt.set(d.oltId, [d]);
    }
    const day = utcDay(now.getTime());
    let alerts = 0;
    await this.db.transaction(async (m) => {
      // Two runs at once (a retried job beside a slow one) take turns per tenant.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`signal-trends:${tenantId}`]);
      await m.query(`DELETE FROM onu_degradation WHERE tenant_id = $1`, [tenantId]);
      if (found.length)
        await m.query(
          `INSERT INTO onu_degradation (onu_ref, tenant_id, olt_id, slope_db_per_day, rx_dbm, projected_crossing_on, computed_at)
           SELECT u.onu_ref, $1, u.olt_id, u.slope, u.rx, u.crossing, $2
             FROM unnest($3::uuid[], $4::uuid[], $5::real[], $6::real[], $7::date[])
                  AS u(onu_ref, olt_id, slope, rx, crossing)`,
          [
            tenantId,
            now,
            found.map((d) => d.onu.id),
            found.map((d) => d.oltId),
            found.map((d) => d.slopeDbPerDay),
            found.map((d) => d.rxDbm),
            found.map((d) => d.projectedCrossingOn),
          ],
        );
      for (const [oltId, list] of byOlt) {
        const worst = [...list].sort((a, b) => a.slopeDbPerDay - b.slopeDbPerDay).slice(0, ALERT_WORST_ONUS);
        const n = list.length;
        const opened = await openAlert(m, {
          tenantId,
          kind: 'signal-degrading',
          dedupKey: `signal-degrading:${oltId}:${day}`,
          oltId,
          title: `${n} ONU${n === 1 ? '' : 's'} on ${names.get(oltId) ?? 'an OLT'} losing signal`,
          detail: {
            count: n,
            worst: worst.map((d) => ({
              ponPort: d.onu.pon_port,
              onuId: d.onu.onu_id,
              ifName: d.onu.if_name,
              slopeDbPerDay: Math.round(d.slopeDbPerDay * 1000) / 1000,
              projectedCrossingOn: d.projectedCrossingOn,
            })),
          },
          openedAt: now,
          info: true,
        });
        if (opened) alerts++;
      }
    });
    return { onus, degrading: found.length, alerts };
  }

  /**
   * The hourly rollups of these ONUs over the trend window before `now`, by ONU: one query, in
   * (onu_ref, hour) order as the covering index holds them.
   */
  private async readWeek(tenantId: string, ids: string[], now: Date): Promise<Map<string, HourlyRx[]>> {
    const from = new Date(now.getTime() - TREND_WINDOW_DAYS * DAY_MS - HOUR_MS);
    const rows: { onu_ref: string; s: number; rx: number }[] = await this.db.query(
      `SELECT onu_ref, extract(epoch FROM hour)::float8 AS s, rx_avg AS rx
         FROM onu_signal_hourly
        WHERE onu_ref = ANY($1::uuid[]) AND hour >= $2 AND hour < $3 AND tenant_id = $4
        ORDER BY onu_ref, hour`,
      [ids, from, now, tenantId],
    );
    const out = new Map<string, HourlyRx[]>();
    let current: HourlyRx[] = [];
    let ref: string | null = null;
    for (const r of rows) {
      if (r.onu_ref !== ref) {
        ref = r.onu_ref;
        current = [];
        out.set(ref, current);
      }
      current.push({ hourMs: Number(r.s) * 1000, rxDbm: Number(r.rx) });
    }
    return out;
  }
}
