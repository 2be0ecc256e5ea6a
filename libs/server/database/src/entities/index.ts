import { AuditLogEntity } from './audit-log.entity';
import { AuthSessionEntity } from './auth-session.entity';
import { BranchEntity } from './branch.entity';
import { InactiveScanResultEntity } from './inactive-scan-result.entity';
import { MenuEntity } from './menu.entity';
import { OltEntity } from './olt.entity';
import { OnuSignalHourlyEntity } from './onu-signal-hourly.entity';
import { OnuStatusEventEntity } from './onu-status-event.entity';
import { OnuEntity } from './onu.entity';
import { OtpChallengeEntity } from './otp-challenge.entity';
import { PasswordResetEntity } from './password-reset.entity';
import { RefreshTokenEntity } from './refresh-token.entity';
import { RoleEntity } from './role.entity';
import { TenantEntity } from './tenant.entity';
import { TenantVpnEntity } from './tenant-vpn.entity';
import { UserOltPermissionEntity } from './user-olt-permission.entity';
import { UserEntity } from './user.entity';
import {
  IspServiceEntity,
  MonitorServerEntity,
  PopEntity,
  PopOutageEntity,
  PopSourceEntity,
} from './monitor.entities';
import {
  SwitchEntity,
  SwitchPortEntity,
  SwitchPortEventEntity,
  SwitchPortHourlyEntity,
} from './switch.entities';
import {
  AlertChannelEntity,
  AlertCursorEntity,
  AlertDeliveryEntity,
  AlertEntity,
  AlertPendingEntity,
  AlertRuleEntity,
  AlertSilenceEntity,
  OnuDegradationEntity,
} from './alert.entities';
import {
  BillingCycleEntity,
  BillingPackageEntity,
  BkashPaymentEntity,
  InvoiceEntity,
  InvoiceSequenceEntity,
  OtherProductEntity,
  PlatformSettingEntity,
  UpdateEventEntity,
  UpdateEventSeenEntity,
} from './billing.entities';

export * from './olt.entity';
export * from './onu.entity';
export * from './onu-status-event.entity';
export * from './onu-signal-hourly.entity';
export * from './monitor.entities';
export * from './switch.entities';
export * from './alert.entities';
export * from './billing.entities';

export {
  AuditLogEntity,
  AuthSessionEntity,
  BranchEntity,
  InactiveScanResultEntity,
  MenuEntity,
  OtpChallengeEntity,
  PasswordResetEntity,
  RefreshTokenEntity,
  RoleEntity,
  TenantEntity,
  TenantVpnEntity,
  UserEntity,
  UserOltPermissionEntity,
};

/**
 * Every entity of the schema. Feature issues append their entities here and a migration beside them;
 * `schema-drift.integration-spec.ts` fails when the two disagree.
 */
export const entities: (new () => object)[] = [
  TenantEntity,
  MenuEntity,
  RoleEntity,
  BranchEntity,
  UserEntity,
  AuthSessionEntity,
  RefreshTokenEntity,
  PasswordResetEntity,
  OtpChallengeEntity,
  AuditLogEntity,
  UserOltPermissionEntity,
  // Fleet and polling. Signal samples live in the partitioned `onu_signal_sample`, created by SQL in FleetSchema.
  OltEntity,
  OnuEntity,
  OnuStatusEventEntity,
  OnuSignalHourlyEntity,
  // Scans (MAC find, inactive ONUs).
  InactiveScanResultEntity,
  // IP monitor, POPs and services. Ping results live in `ping_sample` and `ping_minute`, created by SQL in PingMonitor.
  MonitorServerEntity,
  PopEntity,
  PopSourceEntity,
  PopOutageEntity,
  IspServiceEntity,
  // Switches. Port readings live in the partitioned `switch_port_sample`, created by SQL in Switches.
  SwitchEntity,
  SwitchPortEntity,
  SwitchPortHourlyEntity,
  SwitchPortEventEntity,
  // The tenants' accounts on the platform's VPN concentrator.
  TenantVpnEntity,
  // Alerts: rules, channels, incidents and their deliveries, silences; the ONUs whose signal is falling.
  AlertRuleEntity,
  AlertChannelEntity,
  AlertEntity,
  AlertDeliveryEntity,
  AlertSilenceEntity,
  AlertCursorEntity,
  AlertPendingEntity,
  OnuDegradationEntity,
  // Billing: the catalogue, invoices and bKash payment attempts; the platform's content for tenants.
  BillingPackageEntity,
  BillingCycleEntity,
  InvoiceSequenceEntity,
  InvoiceEntity,
  BkashPaymentEntity,
  PlatformSettingEntity,
  OtherProductEntity,
  UpdateEventEntity,
  UpdateEventSeenEntity,
];
