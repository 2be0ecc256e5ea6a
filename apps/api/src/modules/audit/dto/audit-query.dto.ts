import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { AuditQuery } from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';

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
}
