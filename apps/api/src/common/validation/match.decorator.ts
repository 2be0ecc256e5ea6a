import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** The property must equal another property of the same object (password confirmation). */
export function Match(property: string, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'match',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [property],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments): boolean {
          const [other] = args.constraints as [string];
          return value === (args.object as Record<string, unknown>)[other];
        },
      },
    });
  };
}
