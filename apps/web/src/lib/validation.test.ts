import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullPath, validate } from './validation';

const Schema = z
  .object({
    title: z.string().trim().min(1, 'NAME_REQUIRED'),
    items: z.array(z.object({ name: z.string().min(1, 'NAME_REQUIRED'), hours: z.number() })),
  })
  .refine((value) => value.items.length < 3, 'FIELD_NOT_VALID');

describe('validate', () => {
  it('gives the parsed data and no errors when the values are valid', () => {
    expect(validate(Schema, { title: ' Plan ', items: [] })).toEqual({
      data: { title: 'Plan', items: [] },
      errors: null,
    });
  });

  it('files each issue under its top-level field by default, the first code of each', () => {
    const result = validate(Schema, {
      title: '',
      items: [
        { name: '', hours: 1 },
        { name: 'b', hours: 'x' },
      ],
    });
    expect(result.data).toBeNull();
    expect(result.errors).toEqual({ title: 'NAME_REQUIRED', items: 'NAME_REQUIRED' });
  });

  it('files each issue under its whole dotted path when asked, for forms with nested inputs', () => {
    const result = validate(
      Schema,
      {
        title: '',
        items: [
          { name: '', hours: 1 },
          { name: 'b', hours: 'x' },
        ],
      },
      fullPath,
    );
    expect(result.errors).toEqual({
      title: 'NAME_REQUIRED',
      'items.0.name': 'NAME_REQUIRED',
      // zod's own wording for a wrong type is never shown: a localized code instead.
      'items.1.hours': 'FIELD_NOT_VALID',
    });
  });

  it('files an issue about the whole form under `_`', () => {
    const items = [1, 2, 3].map(() => ({ name: 'a', hours: 1 }));
    expect(validate(Schema, { title: 'Plan', items }).errors).toEqual({ _: 'FIELD_NOT_VALID' });
    expect(validate(Schema, { title: 'Plan', items }, fullPath).errors).toEqual({ _: 'FIELD_NOT_VALID' });
  });
});
