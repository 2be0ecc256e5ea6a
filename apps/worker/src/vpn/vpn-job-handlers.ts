import { VpnAccountService } from './vpn-account.service';
import { VpnTestService } from './vpn-test.service';

/**
 * The VPN jobs' handlers, listed with the worker's other job handlers (not a module of their own): the VPN
 * test reuses the worker's one DeviceTargetGuard and the switch form's SNMP check, whose job handler must
 * exist exactly once.
 */
export const VPN_JOB_HANDLERS = [VpnAccountService, VpnTestService];
