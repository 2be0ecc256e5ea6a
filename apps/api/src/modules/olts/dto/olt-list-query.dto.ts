import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { PageQueryDto } from '../../../common/http/page-query.dto';

export const OLT_SORTS = [
  'name',
  'code',
  'host',
  'status',
  'branch',
  'mikrotikHost',
  'onuCount',
  'createdAt',
] as const;
export type OltSort = (typeof OLT_SORTS)[number];

export class OltListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID() branchId?: string;
  @ApiPropertyOptional({ enum: OLT_SORTS, default: 'name' }) @IsOptional() @IsIn(OLT_SORTS) sort?: OltSort;
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}
