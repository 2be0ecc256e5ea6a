import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsUUID } from 'class-validator';
import type { UpdateOltPermissionsRequest } from '@pondesk/contracts';

export class UpdateOltPermissionsDto implements UpdateOltPermissionsRequest {
  @ApiProperty({ enum: ['add', 'remove'] })
  @IsIn(['add', 'remove'], { message: 'action must be add or remove' })
  action!: 'add' | 'remove';

  @ApiProperty({ type: [String], format: 'uuid' })
  @IsUUID('all', { each: true, message: 'oltIds must contain UUIDs' })
  @ArrayMaxSize(500, { message: 'oltIds must have at most 500 entries' })
  @ArrayMinSize(1, { message: 'oltIds must name at least one OLT' })
  @IsArray({ message: 'oltIds must be an array' })
  oltIds!: string[];
}
