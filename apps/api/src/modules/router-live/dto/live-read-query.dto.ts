import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, ValidateIf } from 'class-validator';
import { PPPOE_ID_PATTERN } from '@pondesk/contracts';

export const PPPOE_QUERY_RULE = 'pppoe must be 1–64 characters without spaces, commas or slashes';

/**
 * `?pppoe=`: which of the ONU's PPPoE ids to read. Required, but checked after the ONU itself: another
 * tenant's ONU is a 404 whatever the query says, so the query cannot tell whether the ONU exists.
 */
export class LiveReadQueryDto {
  @ApiProperty({
    required: true,
    description: "One of the ONU's PPPoE ids (the subscriber's PPP user name on the MikroTik)",
    example: 'rahim@isp',
    maxLength: 64,
  })
  @Matches(PPPOE_ID_PATTERN, { message: PPPOE_QUERY_RULE })
  @IsString({ message: PPPOE_QUERY_RULE })
  @ValidateIf((_object: object, value: unknown) => value !== undefined)
  pppoe?: string;
}
