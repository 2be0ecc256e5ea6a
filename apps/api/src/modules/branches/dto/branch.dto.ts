import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { CreateBranchRequest, UpdateBranchRequest } from '@pondesk/contracts';

export class CreateBranchDto implements CreateBranchRequest {
  @ApiProperty({ maxLength: 100 })
  @MaxLength(100, { message: 'name must be at most 100 characters long' })
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name is required' })
  name!: string;

  @ApiPropertyOptional({ maxLength: 255 })
  @IsOptional()
  @MaxLength(255, { message: 'address must be at most 255 characters long' })
  @IsString({ message: 'address must be a string' })
  address?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'isActive must be a boolean' })
  isActive?: boolean;
}

export class UpdateBranchDto implements UpdateBranchRequest {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @MaxLength(100, { message: 'name must be at most 100 characters long' })
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name must not be empty' })
  name?: string;

  @ApiPropertyOptional({ maxLength: 255 })
  @IsOptional()
  @MaxLength(255, { message: 'address must be at most 255 characters long' })
  @IsString({ message: 'address must be a string' })
  address?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'isActive must be a boolean' })
  isActive?: boolean;
}
