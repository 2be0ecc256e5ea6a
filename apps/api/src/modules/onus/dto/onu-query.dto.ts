import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import {
  ONU_DOWN_REASONS,
  ONU_SORTS,
  type OnuDownReasonCode,
  type OnuQuery,
  type OnuSort,
} from '@pondesk/contracts';
import { PageQueryDto } from '../../../common/http/page-query.dto';

export class OnuQueryDto extends PageQueryDto implements OnuQuery {
  @ApiPropertyOptional() @IsOptional() @IsUUID() oltId?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(512) ponPort?: number;
  @ApiPropertyOptional({ enum: ['online', 'offline'] }) @IsOptional() @IsIn(['online', 'offline']) status?:
    'online' | 'offline';
  @ApiPropertyOptional({ enum: ONU_DOWN_REASONS })
  @IsOptional()
  @IsIn(ONU_DOWN_REASONS)
  reason?: OnuDownReasonCode;
  @ApiPropertyOptional({ enum: ONU_SORTS, default: 'olt' }) @IsOptional() @IsIn(ONU_SORTS) sort?: OnuSort;
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}
