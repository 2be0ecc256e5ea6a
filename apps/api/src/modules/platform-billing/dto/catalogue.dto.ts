import {
  PACKAGE_KINDS,
  type BillingCycleInput,
  type BillingPackageInput,
  type PackageKind,
} from '@pondesk/contracts';
import { IsFlag, IsInteger, IsOneOf, IsShortString } from '../../../common/validation/validation.decorators';

/** Prices up to 10^8 Tk (10^10 poisha); a package costs at least 1 poisha a month. */
export const MONTHLY_PRICE_MAX_POISHA = 10_000_000_000;
export const SORT_ORDER_LIMIT = 1_000_000;

/** A package as the platform administrator enters it (create and replace). */
export class BillingPackageDto implements BillingPackageInput {
  @IsOneOf(PACKAGE_KINDS, { message: `kind must be one of ${PACKAGE_KINDS.join(', ')}` }) kind!: PackageKind;
  @IsShortString(80, { min: 1, trim: true }) name!: string;
  @IsInteger(1, 4096) portCount!: number;
  @IsShortString(80, { trim: true, docs: { example: 'GPON, EPON' } }) oltModes!: string;
  @IsShortString(2000) description!: string;
  @IsInteger(1, MONTHLY_PRICE_MAX_POISHA, {
    docs: { description: 'Price of one month in poisha (Tk × 100)' },
  })
  monthlyPricePoisha!: number;
  @IsFlag({ docs: { description: 'Inactive packages are no longer offered; invoices keep them' } })
  active!: boolean;
  @IsInteger(-SORT_ORDER_LIMIT, SORT_ORDER_LIMIT) sortOrder!: number;
}

/** A 'Select Month' choice (create and replace); months are unique. */
export class BillingCycleDto implements BillingCycleInput {
  @IsInteger(1, 36) months!: number;
  @IsShortString(40, { min: 1, trim: true, docs: { example: '6 Months' } }) label!: string;
  @IsFlag() active!: boolean;
}
