import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { parseMac, type StartInactiveScan, type StartMacFind } from '@pondesk/contracts';
import { IsUuid, IsUuids } from '../../../common/validation/validation.decorators';

/** The most OLTs one request may name (a tenant's whole fleet fits). */
const MAX_OLTS = 2000;

/** Any common spelling of a MAC address; the service reads it with `parseMac`. */
function IsMacAddress(): PropertyDecorator {
  const check = ValidateBy({
    name: 'isMacAddress',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseMac(value) !== null,
      defaultMessage: (a?: ValidationArguments) =>
        typeof a?.value === 'string' && a.value.trim() === ''
          ? 'mac is required'
          : 'mac must be a MAC address such as aa:bb:cc:dd:ee:ff, AA-BB-CC-DD-EE-FF, aabb.ccdd.eeff or aabbccddeeff',
    },
  });
  return (target, key) => {
    check(target, key);
    ApiProperty({ example: 'a0:94:6a:89:97:d0', description: 'Colon, dash, dotted or bare hex' })(
      target,
      key,
    );
  };
}

export class StartMacFindDto implements StartMacFind {
  @IsMacAddress() mac!: string;
  @IsUuids(MAX_OLTS, { optional: true }) oltIds?: string[];
}

export class StartInactiveScanDto implements StartInactiveScan {
  @IsUuids(MAX_OLTS, { optional: true }) oltIds?: string[];
}

export class RetryScanOltDto {
  @IsUuid() oltId!: string;
}

/** `oltIds=<uuid>,<uuid>` in a query string. */
export class InactiveResultsQueryDto {
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',').filter((v) => v !== '') : value,
  )
  @IsUuids(MAX_OLTS, { optional: true })
  oltIds?: string[];
}
