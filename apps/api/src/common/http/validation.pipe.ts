import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { messageKey } from '../validation/field-labels';
import { NullableMarker } from '../validation/nullable';
import { findUnsafeInput } from '../validation/text-safety';

export interface FieldProblem {
  field: string;
  message: string;
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** The 400 every input check answers: the first problem as `message`, all of them in `fields`. */
export function invalidInput(fields: FieldProblem[]): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message: fields[0]?.message ?? 'Invalid input',
    fields,
  });
}

/** What a class's properties are declared as, from their class-validator rules (inherited ones too). */
interface PropertyRules {
  kind?: 'integer' | 'number' | 'boolean';
  optional: boolean;
  nullable: boolean;
}

const rulesCache = new WeakMap<object, Map<string, PropertyRules>>();

function rulesOf(metatype: new () => unknown): Map<string, PropertyRules> {
  const cached = rulesCache.get(metatype);
  if (cached) return cached;
  const rules = new Map<string, PropertyRules>();
  const metas: ValidationMetadata[] = getMetadataStorage().getTargetValidationMetadatas(
    metatype,
    '',
    true,
    false,
  );
  for (const m of metas) {
    const r = rules.get(m.propertyName) ?? { optional: false, nullable: false };
    // IsOptional (PartialType's too) or ValidateIf: the property may be left out.
    if (m.type === 'conditionalValidation') r.optional = true;
    if (m.constraintCls === NullableMarker) r.nullable = true;
    if (m.name === 'isInt') r.kind = 'integer';
    else if (m.name === 'isNumber' && r.kind !== 'integer') r.kind = 'number';
    else if (m.name === 'isBoolean') r.kind = 'boolean';
    rules.set(m.propertyName, r);
  }
  rulesCache.set(metatype, rules);
  return rules;
}

const INTEGER = /^-?(?:0|[1-9]\d*)$/;
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/**
 * A query value as the declared type, converted strictly: `1.5`, `1e3`, `0x10`, ` 7` and the empty
 * string stay strings, so the type check refuses them by name (Number() would accept most of them).
 */
function fromQuery(value: unknown, kind: PropertyRules['kind']): unknown {
  if (typeof value !== 'string' || !kind) return value;
  if (kind === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  const pattern = kind === 'integer' ? INTEGER : DECIMAL;
  if (!pattern.test(value)) return value;
  const n = Number(value);
  return kind === 'integer' && !Number.isSafeInteger(n) ? value : n;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * Whitelisting validation whose 400 names each failing field, with three checks before the DTO's own:
 * no string anywhere in body, query or parameters holds NUL or an unpaired surrogate; `null` is refused
 * for an optional property unless it is declared nullable (optional means "may be left out"); query
 * strings become numbers or booleans only when they are exactly one. Bodies are never converted:
 * `"5"` or `true` for a number is a 400, not a 5 or a 1.
 */
export class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom') return super.transform(value, metadata);
    const unsafe = findUnsafeInput(value, metadata.data ?? '');
    if (unsafe) {
      const field = unsafe.field || metadata.data || metadata.type;
      throw invalidInput([{ field, message: `${messageKey(field)} ${unsafe.message}` }]);
    }
    const metatype = metadata.metatype as (new () => unknown) | undefined;
    if (!metadata.data && metatype && isPlainObject(value) && typeof metatype === 'function') {
      const rules = rulesOf(metatype);
      if (rules.size) {
        const nulls = Object.keys(value)
          .filter((key) => value[key] === null && rules.get(key)?.optional && !rules.get(key)?.nullable)
          .map((key) => ({ field: key, message: `${key} cannot be empty` }));
        if (nulls.length) throw invalidInput(nulls);
        if (metadata.type === 'query') {
          const converted: Record<string, unknown> = {};
          for (const [key, v] of Object.entries(value)) converted[key] = fromQuery(v, rules.get(key)?.kind);
          return super.transform(converted, metadata);
        }
      }
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => invalidInput(flatten(errors)),
  });
}
