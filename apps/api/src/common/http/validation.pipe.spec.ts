import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';
import { IsDay, IsFlag, IsInteger, IsText } from '../validation/validation.decorators';
import { createValidationPipe } from './validation.pipe';

class Thing {
  @IsText(20) name!: string;
  @IsText(50, { optional: true, nullable: true }) description?: string;
  @IsText(50, { optional: true }) code?: string;
  @IsInteger(1, 100, { optional: true }) count?: number;
  @IsFlag({ optional: true }) active?: boolean;
  @IsDay({ optional: true }) day?: string;
}
class ThingPatch extends PartialType(Thing) {}

const pipe = createValidationPipe();
const body = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });
const query = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'query', metatype });

async function fieldsOf(run: Promise<unknown>): Promise<{ field: string; message: string }[]> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadRequestException);
  return ((error as BadRequestException).getResponse() as { fields: { field: string; message: string }[] })
    .fields;
}

describe('the validation pipe', () => {
  it('refuses NUL and lone surrogates anywhere, naming the path', async () => {
    expect(await fieldsOf(pipe.transform({ name: 'a\u0000' }, body(Thing)))).toEqual([
      { field: 'name', message: 'name must not contain NUL characters or unpaired surrogates' },
    ]);
    expect((await fieldsOf(pipe.transform({ name: 'ok', code: 'x\ud800' }, body(Thing))))[0].field).toBe(
      'code',
    );
    expect(
      (await fieldsOf(pipe.transform('\u0000', { type: 'param', data: 'file', metatype: String })))[0].field,
    ).toBe('file');
  });

  it('takes null only where the field is nullable, PartialType included', async () => {
    await expect(pipe.transform({ name: 'ok', description: null }, body(Thing))).resolves.toMatchObject({
      description: null,
    });
    expect(await fieldsOf(pipe.transform({ name: 'ok', code: null }, body(Thing)))).toEqual([
      { field: 'code', message: 'code cannot be empty' },
    ]);
    expect((await fieldsOf(pipe.transform({ name: null }, body(ThingPatch))))[0].field).toBe('name');
    await expect(pipe.transform({ description: null }, body(ThingPatch))).resolves.toMatchObject({
      description: null,
    });
    expect((await fieldsOf(pipe.transform({ name: null }, body(Thing))))[0].field).toBe('name');
  });

  it('never converts body values: "5" and true are not numbers', async () => {
    expect((await fieldsOf(pipe.transform({ name: 'ok', count: '5' }, body(Thing))))[0].field).toBe('count');
    expect((await fieldsOf(pipe.transform({ name: 'ok', count: true }, body(Thing))))[0].field).toBe('count');
    expect((await fieldsOf(pipe.transform({ name: 'ok', active: 1 }, body(Thing))))[0].field).toBe('active');
    await expect(pipe.transform({ name: 'ok', count: 5 }, body(Thing))).resolves.toMatchObject({ count: 5 });
  });

  it('converts query strings strictly', async () => {
    await expect(
      pipe.transform({ name: 'ok', count: '42', active: 'false' }, query(Thing)),
    ).resolves.toMatchObject({ count: 42, active: false });
    for (const bad of ['1.5', '1e3', '0x10', '', ' 7', '07', '9007199254740993'])
      expect((await fieldsOf(pipe.transform({ name: 'ok', count: bad }, query(Thing))))[0].field).toBe(
        'count',
      );
    expect((await fieldsOf(pipe.transform({ name: 'ok', active: '1' }, query(Thing))))[0].field).toBe(
      'active',
    );
  });

  it('refuses days that do not exist', async () => {
    expect((await fieldsOf(pipe.transform({ name: 'ok', day: '2026-02-30' }, query(Thing))))[0].field).toBe(
      'day',
    );
    await expect(pipe.transform({ name: 'ok', day: '2026-02-28' }, query(Thing))).resolves.toMatchObject({
      day: '2026-02-28',
    });
  });
});
