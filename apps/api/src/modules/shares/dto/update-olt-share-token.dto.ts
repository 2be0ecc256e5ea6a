import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, ValidateIf } from 'class-validator';
import { SHARE_TOKEN_PATTERN, type UpdateOltShareToken } from '@pondesk/contracts';

const TOKEN_RULE = '$property must be 32 to 128 letters, digits, dashes or underscores';

export class UpdateOltShareTokenDto implements UpdateOltShareToken {
  @applyDecorators(
    IsString({ message: TOKEN_RULE }),
    Matches(SHARE_TOKEN_PATTERN, { message: TOKEN_RULE }),
    ValidateIf((_object: object, value: unknown) => value !== undefined),
    ApiPropertyOptional({
      minLength: 32,
      maxLength: 128,
      pattern: SHARE_TOKEN_PATTERN.source,
      description: 'The token text to set; a new random one when left out',
    }),
  )
  token?: string;
}
