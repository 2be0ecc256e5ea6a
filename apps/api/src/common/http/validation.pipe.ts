import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): { field: string; message: string }[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** Whitelisting validation whose 400 names each failing field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      return new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: fields[0]?.message ?? 'Invalid input',
        fields,
      });
    },
  });
}
