import type { MigrationInterface } from 'typeorm';
import { IdentitySchema1795417699348 } from './1795417699348-IdentitySchema';
import { SeedMenus1795417699349 } from './1795417699349-SeedMenus';
import { FleetSchema1795417720993 } from './1795417720993-FleetSchema';
import { OltPermissionLink1795418859930 } from './1795418859930-OltPermissionLink';
import { OnuSearch1795484579911 } from './1795484579911-OnuSearch';
import { OltOnuStats1795487523330 } from './1795487523330-OltOnuStats';
import { OnuListSorts1795695984576 } from './1795695984576-OnuListSorts';
import { SignalHourlyCover1795696300000 } from './1795696300000-SignalHourlyCover';
import { OnuSearchText1795696352827 } from './1795696352827-OnuSearchText';
import { OltLastGoodPoll1795710000000 } from './1795710000000-OltLastGoodPoll';
import { OnuSeenOrder1795720000000 } from './1795720000000-OnuSeenOrder';
import { OnuSortMirrors1795720100000 } from './1795720100000-OnuSortMirrors';
import { OnuSearchTable1795730000000 } from './1795730000000-OnuSearchTable';
import { OnuSortCovers1795730100000 } from './1795730100000-OnuSortCovers';
import { OnuListKeys1795730200000 } from './1795730200000-OnuListKeys';
import { InactiveScanResults1795740524193 } from './1795740524193-InactiveScanResults';
import { SessionEvents1795750000000 } from './1795750000000-SessionEvents';
import { ShareTokens1795760000000 } from './1795760000000-ShareTokens';
import { AuditLogFilters1795761830000 } from './1795761830000-AuditLogFilters';
import { DeviceLogs1795770000000 } from './1795770000000-DeviceLogs';
import { SessionLastEvent1795770100000 } from './1795770100000-SessionLastEvent';
import { PingMonitor1795777342945 } from './1795777342945-PingMonitor';
import { Switches1795788343264 } from './1795788343264-Switches';
import { TenantVpn1795809459115 } from './1795809459115-TenantVpn';
import { OnuHotUpdates1795820000000 } from './1795820000000-OnuHotUpdates';
import { Alerts1795844464716 } from './1795844464716-Alerts';
import { AlertTargets1795846547905 } from './1795846547905-AlertTargets';
import { Billing1795856236732 } from './1795856236732-Billing';

/** Migrations in the order they run. `npm run db:generate -- <Name>` writes a new one. */
export const migrations: (new () => MigrationInterface)[] = [
  IdentitySchema1795417699348,
  SeedMenus1795417699349,
  FleetSchema1795417720993,
  OltPermissionLink1795418859930,
  OnuSearch1795484579911,
  OltOnuStats1795487523330,
  OnuListSorts1795695984576,
  SignalHourlyCover1795696300000,
  OnuSearchText1795696352827,
  OltLastGoodPoll1795710000000,
  OnuSeenOrder1795720000000,
  OnuSortMirrors1795720100000,
  OnuSearchTable1795730000000,
  OnuSortCovers1795730100000,
  OnuListKeys1795730200000,
  InactiveScanResults1795740524193,
  SessionEvents1795750000000,
  ShareTokens1795760000000,
  AuditLogFilters1795761830000,
  DeviceLogs1795770000000,
  SessionLastEvent1795770100000,
  PingMonitor1795777342945,
  Switches1795788343264,
  TenantVpn1795809459115,
  OnuHotUpdates1795820000000,
  Alerts1795844464716,
  AlertTargets1795846547905,
  Billing1795856236732,
];
