import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  BILLING_GRACE_DAYS,
  EXPIRY_WARNING_DAYS,
  Permission,
  addDaysToDay,
  billingDay,
  expiryState,
  type BillingTargetType,
  type ExpiryNotice,
} from '@pondesk/contracts';
import { OltEntity, SwitchEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { OltAccessService } from '../../common/olt-access/olt-access.service';

interface Expiring {
  id: string;
  name: string;
  expiresOn: string;
}

/** The devices whose package is expiring, in grace or expired, for the console's banner. */
@Injectable()
export class BillingExpiryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
  ) {}

  /**
   * The OLTs the user may see (per-user OLT permissions, as the OLT list) and, for holders of the switch
   * list (2004), the tenant's switches; soonest expiry first.
   */
  async notices(actor: TenantActor, today: string = billingDay()): Promise<ExpiryNotice[]> {
    // Everything expiring within the warning window, or already past it: 'active' rows never qualify.
    const before = addDaysToDay(today, EXPIRY_WARNING_DAYS);
    const { sql, params } = this.access.scope(actor, 'o');
    const olts: Expiring[] = await this.db
      .getRepository(OltEntity)
      .createQueryBuilder('o')
      .select('o.id', 'id')
      .addSelect('o.name', 'name')
      .addSelect(`to_char(o.expires_on, 'YYYY-MM-DD')`, 'expiresOn')
      .where(sql, params)
      .andWhere('o.expires_on < :before', { before })
      .getRawMany();
    const switches: Expiring[] = (actor.permissions as number[]).includes(Permission.SwitchList)
      ? await this.db
          .getRepository(SwitchEntity)
          .createQueryBuilder('s')
          .select('s.id', 'id')
          .addSelect('s.name', 'name')
          .addSelect(`to_char(s.expires_on, 'YYYY-MM-DD')`, 'expiresOn')
          .where('s.tenant_id = :tenantId AND s.show = true', { tenantId: actor.tenantId })
          .andWhere('s.expires_on < :before', { before })
          .getRawMany()
      : [];
    const notice = (targetType: BillingTargetType) => (d: Expiring) => {
      const state = expiryState(d.expiresOn, today);
      return state === 'active'
        ? []
        : [
            {
              targetType,
              targetId: d.id,
              name: d.name,
              expiresOn: d.expiresOn,
              state,
              graceEndsOn: addDaysToDay(d.expiresOn, BILLING_GRACE_DAYS),
            } satisfies ExpiryNotice,
          ];
    };
    return [...olts.flatMap(notice('olt')), ...switches.flatMap(notice('switch'))].sort(
      (a, b) =>
        a.expiresOn.localeCompare(b.expiresOn) ||
        a.name.localeCompare(b.name) ||
        a.targetId.localeCompare(b.targetId),
    );
  }
}
