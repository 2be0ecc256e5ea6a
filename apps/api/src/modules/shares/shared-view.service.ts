import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { OltModeCode, SharedView } from '@pondesk/contracts';
import { oltStatsOf } from '@pondesk/server-database';
import type { ShareViewer } from '../../common/share-access/share-access.service';

/** The shared page's Dashboard List: the link's shown OLTs with their figures, as the dashboard reads them. */
@Injectable()
export class SharedViewService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async view(viewer: ShareViewer): Promise<SharedView> {
    const [olts, tenants] = await Promise.all([
      this.db.query(
        `SELECT o.id, o.code, o.name, o.mode, o.onu_stats FROM olt o
          WHERE o.tenant_id = $1 AND o.show = true AND ($2::uuid[] IS NULL OR o.id = ANY($2::uuid[]))
          ORDER BY lower(o.name), o.id`,
        [viewer.tenantId, viewer.oltIds],
      ) as Promise<{ id: string; code: string; name: string; mode: OltModeCode; onu_stats: unknown }[]>,
      this.db.query('SELECT isp_name FROM tenant WHERE id = $1', [viewer.tenantId]) as Promise<
        { isp_name: string | null }[]
      >,
      // Opening the page is what counts as a use (not each list page or filter read behind it).
      this.db.query('UPDATE share_token SET use_count = use_count + 1, last_used_at = now() WHERE id = $1', [
        viewer.tokenId,
      ]),
    ]);
    const stats = await oltStatsOf(this.db, olts);
    return {
      tenantName: tenants[0]?.isp_name ?? '',
      scope: viewer.scope,
      expiresAt: viewer.expiresAt?.toISOString() ?? null,
      olts: olts.map((o, i) => {
        const st = stats[i];
        // PON ports holding ONUs, counted under the OLT's own mode.
        const ports = Object.values(st.ports).filter((p) => p.total > 0).length;
        return {
          oltId: o.id,
          code: o.code,
          name: o.name,
          mode: o.mode,
          gponPorts: o.mode === 'gpon' ? ports : 0,
          eponPorts: o.mode === 'epon' ? ports : 0,
          onuCount: st.total,
          onlineCount: st.online,
          offlineCount: st.total - st.online,
          weak24: st.weak24,
          below28: st.below28,
          below30: st.below30,
        };
      }),
    };
  }
}
