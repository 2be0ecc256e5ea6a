import { Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';

/**
 * Marks a property whose `null` means something (clearing a nullable column). Any other optional
 * property refuses `null` (the validation pipe reads this marker, which PartialType/OmitType carry
 * over): an optional field may be left out, not sent as null.
 */
@ValidatorConstraint({ name: 'nullable' })
export class NullableMarker implements ValidatorConstraintInterface {
  validate(): boolean {
    return true;
  }
}

export const Nullable = (): PropertyDecorator => Validate(NullableMarker);
