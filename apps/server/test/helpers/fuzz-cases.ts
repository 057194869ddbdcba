import fc from 'fast-check';
import { multipartFile } from './multipart.js';
import { ROLES, type FuzzFixture, type Role } from './fuzz-fixture.js';
import { HOSTILE_STRINGS, invalidObject, validValue, type JsonSchema } from './openapi-arbitraries.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: Method;
  /** OpenAPI path, `/api/tasks/{id}`. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  isSecured: boolean;
}

/** One request, and why the server must refuse it (null: any answer below 500 is fine). */
export interface FuzzCase {
  role: Role;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  mustReject: string | null;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

/** Every operation of the document, in document order. */
export function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
      isSecured: (op.security ?? []).length > 0,
    })),
  );
}

/** Multipart uploads have no JSON body in the document. */
const MULTIPART_PATHS = new Set(['POST /api/users/image', 'POST /api/tasks/{id}/attachments']);
const isUpload = (operation: Operation) => MULTIPART_PATHS.has(`${operation.method} ${operation.path}`);

const BAD_PATH_VALUES = [
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '0',
  '-1',
  '01',
  '1.5',
  '1e3',
  'abc',
  ' 1',
  '%00',
  '%2e%2e',
  '12345678901234567',
  'null',
];
const MALFORMED_JSON = [
  '{"a":',
  '{',
  '[1,]',
  'undefined',
  '{"x":1}}',
  '\u0000',
  '{"__proto__":{"x":1}}',
  "{'a':1}",
];

export function casesFor(operation: Operation, fixture: FuzzFixture): fc.Arbitrary<FuzzCase> {
  const kinds: fc.WeightedArbitrary<FuzzCase>[] = [{ weight: 4, arbitrary: validCase(operation, fixture) }];
  const add = (arbitrary: fc.Arbitrary<FuzzCase>) => kinds.push({ weight: 1, arbitrary });
  if (operation.isSecured) add(signedOutCase(operation, fixture));
  if (hasIdInPath(operation)) add(badPathCase(operation, fixture));
  if (operation.body) add(invalidBodyCase(operation, fixture));
  if (operation.body) add(malformedBodyCase(operation, fixture));
  if (isUpload(operation)) add(jsonInsteadOfFileCase(operation, fixture));
  return fc.oneof(...kinds);
}

function hasIdInPath(operation: Operation): boolean {
  return operation.parameters.some((p) => p.in === 'path' && p.schema.pattern === '^[1-9]\\d{0,15}$');
}

/** Real fixture ids most of the time, otherwise any id the pattern allows (up to 16 digits). */
function pathValue(operation: Operation, parameter: Parameter, fixture: FuzzFixture): fc.Arbitrary<string> {
  const resource = operation.path.split('/')[2] ?? '';
  const known = parameter.name === 'user_id' ? fixture.userIds : (fixture.idsByResource[resource] ?? []);
  const random = validValue(parameter.schema).map(String);
  if (known.length === 0) return random;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known.map(String)) },
    { weight: 1, arbitrary: random },
  );
}

function urlArbitrary(operation: Operation, fixture: FuzzFixture, badParam?: string): fc.Arbitrary<string> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const values = Object.fromEntries(
    pathParams.map((p) => [
      p.name,
      p.name === badParam ? fc.constantFrom(...BAD_PATH_VALUES) : pathValue(operation, p, fixture),
    ]),
  );
  const query = Object.fromEntries(
    queryParams.map((p) => [
      p.name,
      fc.oneof(validValue(p.schema).map(String), fc.constantFrom(...HOSTILE_STRINGS)),
    ]),
  );
  const generated = fc
    .tuple(fc.record(values), fc.record(query, { requiredKeys: [] }))
    .map(([path, search]) => {
      const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === badParam ? String(path[name]) : encodePathValue(String(path[name])),
      );
      const params = new URLSearchParams(search as Record<string, string>).toString();
      return params ? `${filled}?${params}` : filled;
    });
  // A real signed link now and then, so a successful download is checked too.
  if (operation.path !== '/api/files/attachments/{key}' || badParam) return generated;
  return fc.oneof(generated, fc.constant(fixture.attachmentUrl));
}

/** Mostly signed in, so the cases reach the rules behind authentication. */
const ROLE_WEIGHTS: Record<Role, number> = {
  owner: 4,
  member: 3,
  viewer: 2,
  stranger: 2,
  anonymous: 1,
  forged: 1,
};
const roleArbitrary = fc.oneof(
  ...ROLES.map((role) => ({ weight: ROLE_WEIGHTS[role], arbitrary: fc.constant(role) })),
);

/** Percent-encodes a value; a lone surrogate becomes its raw bytes, which are not valid UTF-8. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function jsonCase(
  operation: Operation,
  fixture: FuzzFixture,
  role: Role,
  url: string,
  body: unknown,
  mustReject: string | null,
): FuzzCase {
  const hasBody = body !== undefined;
  return {
    role,
    method: operation.method,
    url,
    headers: {
      ...fixture.headers[role],
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: JSON.stringify(body) } : {}),
    mustReject,
  };
}

function validCase(operation: Operation, fixture: FuzzFixture): fc.Arbitrary<FuzzCase> {
  if (isUpload(operation)) return uploadCase(operation, fixture);
  const body = operation.body ? validValue(operation.body, fixture.allIds) : fc.constant(undefined);
  return fc
    .tuple(roleArbitrary, urlArbitrary(operation, fixture), body)
    .map(([role, url, payload]) =>
      jsonCase(operation, fixture, role, url, payload, refusedRole(operation, role)),
    );
}

/** Signed out or with a forged token, a secured operation must answer 401 whatever the input. */
function refusedRole(operation: Operation, role: Role): string | null {
  return operation.isSecured && (role === 'anonymous' || role === 'forged')
    ? `secured operation as ${role}`
    : null;
}

/** Header values a client could send: printable ASCII only (anything else never leaves the client). */
const headerValue = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    maxLength: 80,
  }),
  fc.constantFrom('', ' ', "' OR 1=1 --", '__proto__', 'null', 'A'.repeat(4096), '9'.repeat(40)),
);

/** Token headers that were never issued: random, partial, or a real uid and client with a wrong token. */
function forgedHeaders(fixture: FuzzFixture): fc.Arbitrary<Record<string, string>> {
  const random = fc.record(
    {
      'access-token': headerValue,
      client: headerValue,
      uid: fc.oneof(headerValue, fc.emailAddress()),
      expiry: headerValue,
    },
    { requiredKeys: [] },
  );
  return fc.oneof(fc.constant(fixture.headers.forged), random);
}

function signedOutCase(operation: Operation, fixture: FuzzFixture): fc.Arbitrary<FuzzCase> {
  const signedOut = fc.oneof(
    fc.constant({ role: 'anonymous' as Role, headers: fixture.headers.anonymous }),
    forgedHeaders(fixture).map((headers) => ({ role: 'forged' as Role, headers })),
  );
  return fc.tuple(validCase(operation, fixture), signedOut).map(([c, caller]) => {
    const { 'access-token': _t, client: _c, uid: _u, expiry: _e, ...rest } = c.headers;
    return {
      ...c,
      role: caller.role,
      headers: { ...rest, ...caller.headers },
      mustReject: `secured operation as ${caller.role}`,
    };
  });
}

/** Whether dot segments in `url` change the path the server routes (WHATWG URL resolution). */
function resolvesElsewhere(url: string): boolean {
  const raw = url.split('?')[0] ?? url;
  return new URL(raw, 'http://fuzz.invalid').pathname !== raw;
}

function badPathCase(operation: Operation, fixture: FuzzFixture): fc.Arbitrary<FuzzCase> {
  const idParams = operation.parameters.filter((p) => p.in === 'path' && p.schema.pattern).map((p) => p.name);
  const body = operation.body ? validValue(operation.body, fixture.allIds) : fc.constant(undefined);
  return fc.tuple(roleArbitrary, fc.constantFrom(...idParams), body).chain(([role, bad, payload]) =>
    urlArbitrary(operation, fixture, bad).map((url) =>
      jsonCase(
        operation,
        fixture,
        role,
        url,
        payload,
        // `%2e%2e` as the last segment is resolved by the URL parser before routing (as every HTTP
        // client does): the request is for the parent path, another route the fuzzer tries itself.
        resolvesElsewhere(url) ? null : `path parameter ${bad} is not an id`,
      ),
    ),
  );
}

function invalidBodyCase(operation: Operation, fixture: FuzzFixture): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(roleArbitrary, urlArbitrary(operation, fixture), invalidObject(operation.body!, fixture.allIds))
    .map(([role, url, body]) => jsonCase(operation, fixture, role, url, body, 'body breaks the schema'));
}

function malformedBodyCase(operation: Operation, fixture: FuzzFixture): fc.Arbitrary<FuzzCase> {
  const contentTypes = [
    'application/json',
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
  ];
  return fc
    .tuple(
      roleArbitrary,
      urlArbitrary(operation, fixture),
      fc.constantFrom(...MALFORMED_JSON),
      fc.constantFrom(...contentTypes),
    )
    .map(([role, url, payload, contentType]) => ({
      role,
      method: operation.method,
      url,
      headers: { ...fixture.headers[role], 'content-type': contentType },
      payload,
      mustReject: `malformed ${contentType} body`,
    }));
}

/** A multipart upload with a hostile file name, type and content (or a real small file). */
function uploadCase(operation: Operation, fixture: FuzzFixture): fc.Arbitrary<FuzzCase> {
  const name = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS, 'photo.png', 'a.pdf', '.htaccess'), fc.string());
  const type = fc.constantFrom(
    'image/png',
    'image/svg+xml',
    'text/html',
    'application/pdf',
    'application/octet-stream',
  );
  const bytes = fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a));
  return fc
    .tuple(roleArbitrary, urlArbitrary(operation, fixture), name, type, bytes)
    .map(([role, url, fileName, contentType, data]) => {
      const body = multipartFile('file', fileName.replace(/["\r\n]/g, '_'), contentType, data);
      return {
        role,
        method: operation.method,
        url,
        headers: { ...fixture.headers[role], ...body.headers },
        payload: body.payload,
        mustReject: refusedRole(operation, role),
      };
    });
}

function jsonInsteadOfFileCase(operation: Operation, fixture: FuzzFixture): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(roleArbitrary, urlArbitrary(operation, fixture), fc.jsonValue({ maxDepth: 2 }))
    .map(([role, url, body]) =>
      jsonCase(operation, fixture, role, url, body, 'JSON where a file is required'),
    );
}
