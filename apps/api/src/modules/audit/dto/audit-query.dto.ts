import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { AUDIT_KINDS, isDateTime, type AuditKind, type AuditQuery } from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';
import { IsDateTime, IsOneOf, IsUuid } from '../../../common/validation/validation.decorators';

/** Action names as the API writes them: `user.create`, `olt-permission.add`, `olt.port-check.refused`. */
const ACTION_NAME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

export class AuditQueryDto extends PageQueryDto implements AuditQuery {
  @ApiPropertyOptional({ example: 'user' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Matches(/^[a-z_-]+$/, { message: 'entityType must be lower-case letters' })
  entityType?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  entityId?: string;

  /** A user of the tenant; another tenant's id simply matches nothing. */
  @IsUuid({ optional: true, docs: { description: 'Rows written by this user' } })
  actorId?: string;

  @ApiPropertyOptional({ example: 'onu.reboot', maxLength: 60, description: 'Exact action name' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  @Matches(ACTION_NAME, { message: 'action must be an action name such as onu.reboot' })
  action?: string;

  @IsOneOf(AUDIT_KINDS, {
    optional: true,
    message: `kind must be one of ${AUDIT_KINDS.join(', ')}`,
    docs: { description: "'device-write' = reboots and deletes sent to devices" },
  })
  kind?: AuditKind;

  @IsDateTime({ optional: true, docs: { description: 'Rows written at or after this time' } })
  from?: string;

  // Checked after the format (decorators run bottom up), so a bad date is named as such first.
  @ValidateBy(
    {
      name: 'notBeforeFrom',
      validator: {
        validate: (to: unknown, args) => {
          const from = (args?.object as AuditQueryDto | undefined)?.from;
          if (typeof to !== 'string' || typeof from !== 'string') return true;
          if (!isDateTime(to) || !isDateTime(from)) return true;
          return Date.parse(from) <= Date.parse(to);
        },
      },
    },
    { message: 'to must not be before from' },
  )
  @IsDateTime({ optional: true, docs: { description: 'Rows written at or before this time' } })
  to?: string;
}
