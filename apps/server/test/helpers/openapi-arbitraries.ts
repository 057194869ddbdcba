import fc from 'fast-check';

/** The part of an OpenAPI 3.0 schema object (as jsonSchemaTransform writes it) the fuzzer reads. */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  nullable?: boolean;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
}

/** Strings that have broken servers before: control bytes, SQL and HTML fragments, prototype keys. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  '"; DROP TABLE tasks; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  'prototype',
  '${{7*7}}',
  '%00',
  '../../etc/passwd',
  '\uD800',
  '\uFEFF',
  'ʕ•ᴥ•ʔ 🧪 مرحبا 日本語',
  '\u202Eevil',
  'null',
  '9007199254740993',
  '-1',
  'NaN',
  '1e309',
  '\r\nX-Injected: 1',
];

function fitLength(value: string, schema: JsonSchema): string {
  const max = schema.maxLength ?? 10_000;
  const min = schema.minLength ?? 0;
  const cut = value.slice(0, max);
  return cut.length >= min ? cut : cut.padEnd(min, 'x');
}

/** A calendar-looking date, sometimes impossible (2026-02-30), which must be a 4xx and never a 500. */
const dateString = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 19 }),
      fc.integer({ min: 0, max: 39 }),
    )
    .map(
      ([y, m, d]) =>
        `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
    ),
);

/** Digits the id pattern accepts, including ids far beyond a 32-bit integer column. */
const idString = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.constantFrom('2147483647', '2147483648', '4294967296', '9007199254740991', '9999999999999999'),
  fc.bigInt({ min: 1n, max: 9_999_999_999_999_999n }).map(String),
);

function patternString(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  switch (schema.pattern) {
    case '^\\d{4}-\\d{2}-\\d{2}$':
      return dateString;
    case '^#[0-9a-fA-F]{6}$':
      return fc.stringMatching(/^#[0-9a-fA-F]{6}$/);
    case '^[1-9]\\d{0,15}$':
      return idString;
    case undefined:
      return undefined;
    default:
      return fc.stringMatching(new RegExp(schema.pattern));
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const patterned = patternString(schema);
  if (patterned) return patterned;
  if (schema.format === 'uri')
    return fc.oneof(fc.webUrl(), fc.constantFrom('https://github.com/a/b/commit/1', 'javascript:alert(1)'));
  const max = Math.min(schema.maxLength ?? 300, 300);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ maxLength: max, unit: 'grapheme' }) },
      { weight: 2, arbitrary: fc.string({ maxLength: max, unit: 'binary' }) },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
      { weight: 1, arbitrary: fc.constant('x'.repeat(schema.maxLength ?? 5000)) },
      { weight: 1, arbitrary: fc.emailAddress() },
    )
    .map((value) => fitLength(value, schema));
}

function validNumber(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<number> {
  const exclusive = schema.exclusiveMinimum === true;
  const min = (schema.minimum ?? -1_000_000) + (exclusive && schema.type === 'integer' ? 1 : 0);
  const max = schema.maximum ?? 1_000_000;
  if (schema.type === 'integer') {
    const edges = [min, max, 2_147_483_647, 2_147_483_648].filter((n) => n >= min && n <= max);
    const known = ids.filter((n) => n >= min && n <= max);
    // Small values near zero, when the range reaches them (a year starts at 2000, say).
    const small = { min: Math.max(min, -1_000), max: Math.min(max, 1_000) };
    return fc.oneof(
      ...(known.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...known) }] : []),
      ...(small.min <= small.max ? [fc.integer(small)] : []),
      fc.constantFrom(...edges),
      fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) }),
      fc.maxSafeInteger().map((n) => Math.min(Math.max(n, min), max)),
    );
  }
  return fc.double({ min: exclusive ? min + 1e-9 : min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (zod may still refuse it for a rule the schema cannot express). */
export function validValue(schema: JsonSchema, ids: readonly number[] = []): fc.Arbitrary<unknown> {
  const value = nonNullValid(schema, ids);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

function nonNullValid(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
    case 'number':
      return validNumber(schema, ids);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, ids), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object':
      return validObject(schema, ids);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Fields whose schema alone rarely yields an accepted value. */
function hinted(key: string, schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  if (key === 'email')
    return fc.oneof(
      { weight: 3, arbitrary: fc.emailAddress() },
      { weight: 1, arbitrary: validValue(schema, ids) },
    );
  return validValue(schema, ids);
}

/** Matches a confirmation to its password most of the time, so the rules behind it are reached. */
function withConfirmation(body: Record<string, unknown>, isMatched: boolean): Record<string, unknown> {
  if (!isMatched || !('password' in body) || !('password_confirmation' in body)) return body;
  return { ...body, password_confirmation: body.password };
}

/**
 * Every required field and up to three optional ones: an update with all its fields rarely has
 * every one acceptable, and the fuzzer should reach past validation too.
 */
function validObject(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const optional = Object.keys(properties).filter((key) => !required.includes(key));
  return fc
    .tuple(fc.subarray(optional, { maxLength: Math.min(3, optional.length) }), fc.boolean())
    .chain(([chosen, isMatched]) => {
      const keys = [...required, ...chosen];
      const model = Object.fromEntries(keys.map((key) => [key, hinted(key, properties[key] ?? {}, ids)]));
      return fc.record(model).map((body) => withConfirmation(body, isMatched));
    });
}

/** A value of a type the schema does not allow (or out of its bounds); undefined if none is sure to be. */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const choices: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  if (schema.enum) choices.push(fc.constant('not-one-of-them'));
  if (schema.type === 'string' && schema.maxLength !== undefined)
    choices.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  if (schema.type === 'string' && schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$')
    choices.push(fc.constantFrom('2026-13-01', '2026-02-30', '2026-1-1', '26-01-01', '2026-01-01T00:00:00Z'));
  if (schema.type === 'integer') choices.push(fc.constantFrom(1.5, -0.5, 1e21, Number.MAX_SAFE_INTEGER + 2));
  if ((schema.type === 'integer' || schema.type === 'number') && schema.minimum !== undefined)
    choices.push(fc.constant(schema.minimum - 1));
  if ((schema.type === 'integer' || schema.type === 'number') && schema.maximum !== undefined)
    choices.push(fc.constant(schema.maximum + 1e6));
  if (schema.type === 'array' && schema.maxItems !== undefined)
    choices.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => 1)));
  return fc.oneof(...choices);
}

function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const all: Record<string, unknown[]> = {
    string: ['1', 'true', '__proto__'],
    number: [1, -7, 0],
    boolean: [true, false],
    array: [[], [1, 'a']],
    object: [{}, { __proto__: { polluted: true } }, { constructor: { prototype: { x: 1 } } }],
  };
  const allowed: (string | undefined)[] = schema.type === 'integer' ? ['number'] : [schema.type];
  const wrong = Object.entries(all)
    .filter(([type]) => !allowed.includes(type))
    .flatMap(([, values]) => values);
  if (!schema.nullable) wrong.push(null);
  return fc.constantFrom(...wrong);
}

/**
 * An object body the schema refuses: one field invalid, a required field missing, or (when the
 * schema is closed) an unknown field — always starting from an otherwise valid body.
 */
export function invalidObject(schema: JsonSchema, ids: readonly number[]): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const base = validObject(schema, ids);
  const mutations: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  if (properties.length > 0) {
    mutations.push(
      fc
        .tuple(base, fc.constantFrom(...properties))
        .chain(([body, [key, propertySchema]]) =>
          (invalidValue(propertySchema) ?? fc.constant(undefined)).map((bad) => ({ ...body, [key]: bad })),
        ),
    );
  }
  if ((schema.required ?? []).length > 0) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...schema.required!)).map(([body, key]) => {
        const { [key]: _dropped, ...rest } = body;
        return rest;
      }),
    );
  }
  if (schema.additionalProperties === false) {
    mutations.push(
      fc
        .tuple(
          base,
          fc.constantFrom('__proto__', 'constructor', 'is_admin', 'id', 'project_id', 'unexpected'),
        )
        .map(([body, key]) => withOwnKey(body, key, { polluted: true })),
    );
  }
  return fc.oneof(...mutations);
}

/** Sets a key as an own property even for `__proto__`, so JSON.stringify sends it. */
function withOwnKey(body: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...body };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}
