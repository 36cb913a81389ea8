import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD } from '../db/seed.ts';
import { createTestApp, type TestApp, userId } from './app-harness.ts';
import { STAFF, staffTokenFor } from './staff-sessions.ts';

/**
 * Property-based fuzzing of every operation of the OpenAPI document (GET /api/docs): requests built from each
 * operation's own schemas (valid-looking values, fixture codes and ids) mixed with hostile ones (wrong types, NUL
 * characters, lone surrogates, huge and deeply nested values, garbage JSON, other media types, malformed
 * percent-encoding), each sent without and with a token. Whatever comes in, the answer is never a 5xx, never shows a
 * stack trace or a file path, and every 4xx is the documented `{ message, messages }`.
 *
 * It runs in the server-pg project (PostgreSQL) only: its subject is the HTTP layer, and PGlite is the same engine
 * (vitest.config.ts, FUZZ_TEST). Replay a failure with the seed it prints: `FUZZ_SEED=<seed> npx vitest run --project
 * server-pg server/test/openapi-fuzz.test.ts`; FUZZ_RUNS raises the number of requests per operation and mode (default
 * 100).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_612);
const RUNS = Math.max(100, Number(process.env.FUZZ_RUNS ?? 100));

// ---------------------------------------------------------------------------------------------------------------
// The document

interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OperationObject {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface Operation {
  method: string;
  path: string;
  /**
   * The token the operation asks for: a user's session, the staff token, a staff session (the club's console, issue
   * 22), or none (optional tokens count as user).
   */
  token: 'user' | 'staff' | 'admin';
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        token: schemes.includes('staffToken') ? 'staff' : schemes.includes('staffSession') ? 'admin' : 'user',
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: operation.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

// Read at collection time (the tests are made per operation); the database goes back to the pool at once.
const document = await (async () => {
  const docsApp = await createTestApp();
  try {
    return (await docsApp.call('GET', '/api/docs')).body as OpenApiDocument;
  } finally {
    await docsApp.close();
  }
})();
const OPERATIONS = operationsOf(document);

// ---------------------------------------------------------------------------------------------------------------
// Values

const LICENCE_CODES = [
  'TIGERS-2027',
  'STORM-2026',
  'WAVES-2027',
  'PAUSED-2027',
  'FULL-2027',
  'COACH-2027',
  'COACH-GONE',
];
const DISCOUNT_CODES = ['FULLRIDE', 'SAVE10', 'FLAT500', 'OLDCODE'];
const COUPONS = ['SAVE5', 'HALFOFF'];
const FIXTURE_LOGINS = [
  'parent@example.com',
  'member@example.com',
  'coach@example.com',
  'expired@example.com',
  'trial@example.com',
  'subscriber@example.com',
  'player@example.com',
  'paid@example.com',
  'samrivera',
  'jordanlee',
];
const STAFF_TOKEN = 'staff-dev-token';
/** The console's staff (docs/fixtures.md "Staff"): each role, and another organization's owner. */
const STAFF_LOGINS = Object.values(STAFF);

/** Fixture values for fields and parameters by name, so valid-looking requests reach past "not found". */
const KNOWN_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.constantFrom(
    ...FIXTURE_LOGINS.filter((login) => login.includes('@')),
    ...STAFF_LOGINS,
    'new.person@example.com',
  ),
  role: fc.constantFrom('owner', 'registrar', 'coach'),
  username: fc.constantFrom('samrivera', 'jordanlee', 'rileypark', 'new.athlete'),
  password: fc.constantFrom(FIXTURE_PASSWORD, 'Another-pass-1'),
  name: fc.constantFrom('Pat Rivera', 'New Person'),
  phone: fc.constantFrom('555-123-4567', '(555) 000-1111', '+1 555 222 3333'),
  relationship: fc.constantFrom('Mother', 'Father', 'Guardian'),
  birthday: fc.constantFrom('4/12/2012', '12/31/2010', '2/30/2012'),
  state: fc.constantFrom('NY', 'CA'),
  country: fc.constantFrom('US', 'CA'),
  license: fc.constantFrom(...LICENCE_CODES),
  license_code: fc.constantFrom(...LICENCE_CODES),
  discount_code: fc.constantFrom(...DISCOUNT_CODES),
  coupon_code: fc.constantFrom(...COUPONS),
  code: fc.constantFrom(...LICENCE_CODES, ...DISCOUNT_CODES, ...COUPONS),
  organization: fc.constantFrom('northside', 'lakeside'),
  build: fc.constantFrom('web', 'BUILD', 'ios', 'android'),
  team_id: fc.integer({ min: 1, max: 5 }),
  draft_id: fc.integer({ min: 1, max: 3 }),
  season_id: fc.integer({ min: 1, max: 4 }),
  protection_plan_id: fc.integer({ min: 1, max: 2 }),
  user_id: fc.integer({ min: 1, max: 20 }),
  athlete: fc.integer({ min: 1, max: 20 }),
  id: fc.integer({ min: 1, max: 20 }),
  clientId: fc.integer({ min: 1, max: 3 }),
  payment_plan_month: fc.constantFrom(0, 3, 6),
  ...Object.fromEntries(
    [
      'position',
      'phase',
      'lifting_experience',
      'agility_experience',
      'upper_plyometric_experience',
      'lower_plyometric_experience',
      'weight_goal',
    ].map((option) => [option, fc.integer({ min: 1, max: 6 })]),
  ),
};

/** Text that has broken servers: NUL, surrogate halves, control and direction characters, injection attempts. */
const NASTY_TEXT = fc.constantFrom(
  '\u0000',
  'TIGERS-2027\u0000',
  '\ud800',
  'a\udfffb',
  '\ud83d',
  '\uffff\ufffe',
  '\u202eevil',
  '\ufeff',
  '\r\n\t',
  "'; DROP TABLE users; --",
  '%00',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}#{7*7}',
  'null',
  'true',
  '-1',
  '1e309',
  '0x7fffffff',
  // A YYYY-MM-DD date PostgreSQL cannot store (it has no year 0): it passed the date schemas and failed with 500.
  '0000-01-01',
  ' ',
  '',
  '👨‍👩‍👧‍👦'.repeat(20),
);

const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 20 }).map((units) => String.fromCharCode(...units)),
);

/** Far past the field limits; some past the 64 KiB body limit too. */
const hugeText = fc
  .tuple(fc.integer({ min: 300, max: 70_000 }), fc.constantFrom('x', '\u0000', 'é', '🙂'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const deepValue = fc
  .tuple(fc.integer({ min: 20, max: 2_000 }), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => nested(depth, kind));

const oddNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 + 2, 1e308, -1e308, 5e-324),
  fc.double(),
  fc.integer(),
);

/** A value of the wrong kind for almost any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: NASTY_TEXT },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepValue },
);

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').at(-1) ?? '';
  return document.components?.schemas?.[name] ?? {};
}

/** A value the schema accepts, or close to it: the field's fixture values, its type and bounds, its pattern. */
function schemaValue(given: JsonSchema, field = ''): fc.Arbitrary<unknown> {
  const schema = resolve(given);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => schemaValue(alternative, field)));
  const value = plainValue(schema, field);
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

function plainValue(schema: JsonSchema, field: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const known = KNOWN_VALUES[field];
  switch (schema.type) {
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 60, 60);
      const typed = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, schema.maxLength ?? text.length))
        : schema.format === 'email'
          ? fc.emailAddress()
          : fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
      return known ? fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: typed }) : typed;
    }
    case 'integer':
    case 'number': {
      const min = (schema.minimum ?? -1000) + (schema.exclusiveMinimum ? 1 : 0);
      const max = Math.min(schema.maximum ?? 2_147_483_647, 2_147_483_647);
      const typed =
        schema.type === 'integer'
          ? fc.oneof(fc.integer({ min, max: Math.min(max, min + 30) }), fc.integer({ min, max }))
          : fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
      const inRange = known ? fc.oneof(known, typed) : typed;
      const outside = outOfRange(schema);
      return outside ? fc.oneof({ weight: 5, arbitrary: inRange }, { weight: 1, arbitrary: outside }) : inRange;
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schemaValue(schema.items ?? {}, field), { maxLength: Math.min(schema.maxItems ?? 4, 8) });
    case 'object':
      return objectValue(schema);
    default:
      return known ?? (schema.nullable ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 }));
  }
}

/**
 * Numbers just past the bounds the document declares, and far past them (an id of 99999999999 once reached
 * PostgreSQL and answered 500): the server must refuse each with a 4xx. Null when the schema declares no bound.
 */
function outOfRange(schema: JsonSchema): fc.Arbitrary<number> | null {
  const step = schema.type === 'integer' ? 1 : 0.01;
  const values: number[] = [];
  if (schema.minimum !== undefined) {
    const below = schema.exclusiveMinimum ? schema.minimum : schema.minimum - step;
    values.push(below, below - 1000, -(2 ** 31) - 1);
  }
  if (schema.maximum !== undefined) {
    const above = schema.exclusiveMaximum ? schema.maximum : schema.maximum + step;
    values.push(above, above + 1000, 2 ** 31, 99_999_999_999, 2 ** 53 + 2);
  }
  return values.length > 0 ? fc.constantFrom(...values) : null;
}

function objectValue(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = schemaValue(property, name);
  const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
  // Confirmations that match let some requests through to the password hashing (kept rare: argon2 is slow).
  return record.chain((value) =>
    'password_confirmation' in properties
      ? fc
          .constantFrom(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
          .map((roll) => (roll === 1 ? { ...value, password_confirmation: value.password } : value))
      : fc.constant(value),
  );
}

/** The schema's value with one field broken: replaced by a hostile value, dropped, or joined by a hostile key. */
function brokenObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fields = Object.keys(resolve(schema).properties ?? {});
  return fc
    .tuple(
      schemaValue(schema),
      fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('anything'),
      fc.constantFrom('replace', 'replace', 'replace', 'drop', 'extra key'),
      hostileValue,
      NASTY_TEXT,
    )
    .map(([value, field, how, bad, key]) => {
      const copy = { ...(value as Record<string, unknown>) };
      if (how === 'replace') copy[field] = bad;
      else if (how === 'drop') delete copy[field];
      else copy[`${key}x`] = bad;
      return copy;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Which fixture account's fresh session token to send (token mode). */
  login?: string;
  /** Which fixture staff member's fresh staff session to send (token mode, console routes). */
  staffLogin?: string;
}

/** UTF-8 percent-encoding that never throws (encodeURIComponent refuses lone surrogates). */
function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Raw path segments and query values, sent as written: NUL, malformed escapes, the UTF-8 of a surrogate half. */
const rawSegment = fc.oneof(
  fc.constantFrom(
    '%00',
    'TIGERS-2027%00',
    '%ED%A0%80',
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%C0%AF',
    '%FF%FE',
    '..',
    '%2e%2e',
    '%2F',
    '-1',
    '0',
    '99999999999999999999',
    '1e3',
    '0x10',
    '1.5',
    '%20',
    'NaN',
    'undefined',
  ),
  fc.integer({ min: 200, max: 9_000 }).map((length) => 'A'.repeat(length)),
);

/** Stands for the id of the account whose token is sent (PUT /api/user/{id} is only for the own id). */
const OWN_ID = 'own-id';

function pathParamValue(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const valid = schemaValue(schema, name).map((value) => percentEncode(String(value)));
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 1, arbitrary: fc.constant(OWN_ID) },
    { weight: 2, arbitrary: anyText.filter((text) => text.length > 0).map(percentEncode) },
    { weight: 1, arbitrary: NASTY_TEXT.filter((text) => text.length > 0).map(percentEncode) },
    { weight: 3, arbitrary: rawSegment },
  );
}

const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom('license', 'code', 'email', 'token'), rawSegment), rawSegment), {
        minLength: 1,
        maxLength: 3,
      })
      .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  },
  { weight: 1, arbitrary: anyText.map((text) => `?q=${percentEncode(text)}`) },
);

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/vnd.api+json',
  'application/json; charset=utf-16',
  '*/*',
  'json',
];

/** Text that is not JSON, or is JSON nobody should send. */
const garbageJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"email": ',
    '[1, 2',
    'null',
    'true',
    '"text"',
    '1e999',
    '{"a":1}{"b":2}',
    '\u0000',
    '{"a":"\\ud800"}',
  ),
  fc.string({ maxLength: 100 }),
  fc.integer({ min: 100, max: 30_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 100, max: 15_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

type BodyPart = { body?: string; contentType?: string };

function bodyOf(operation: Operation): fc.Arbitrary<BodyPart> {
  if (operation.method === 'GET') return fc.constant({});
  const schema = operation.body ?? { type: 'object', properties: {} };
  const json = (value: fc.Arbitrary<unknown>) =>
    fc
      .tuple(value, fc.constantFrom(...JSON_TYPES))
      .map(([v, contentType]) => ({ body: JSON.stringify(v), contentType }));
  return fc.oneof(
    { weight: 4, arbitrary: json(schemaValue(schema)) },
    { weight: 4, arbitrary: json(brokenObject(schema)) },
    { weight: 1, arbitrary: json(hostileValue) },
    { weight: 1, arbitrary: garbageJson.map((body) => ({ body, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            garbageJson,
            schemaValue(schema).map((v) => JSON.stringify(v)),
          ),
          fc.constantFrom(...OTHER_TYPES),
        )
        .map(([body, contentType]) => ({ body, contentType })),
    },
    { weight: 1, arbitrary: fc.constantFrom<BodyPart>({}, { contentType: 'application/json' }, { body: '{}' }) },
  );
}

/** Authorization headers of no use: none, malformed, unknown, or a token of the other kind. */
const uselessAuthorization = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer revoked-or-made-up',
      `Bearer ${'a'.repeat(600)}`,
      'Basic dXNlcjpwYXNz',
      'bearer %00',
      `Bearer ${STAFF_TOKEN}`,
    ),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((text) => `Bearer ${printable(text)}`),
  },
);

/** Header values may only hold visible ASCII, spaces and tabs (anything else never reaches a server). */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\t]/g, '');
}

function requestOf(operation: Operation, withToken: boolean): fc.Arbitrary<FuzzRequest> {
  const params = operation.pathParams.map((param) => pathParamValue(param.name, param.schema));
  return fc
    .record({
      params: fc.tuple(...params),
      query: queryString,
      body: bodyOf(operation),
      authorization: uselessAuthorization,
      login: fc.constantFrom(...FIXTURE_LOGINS),
      staffLogin: fc.constantFrom(...STAFF_LOGINS),
      requestId: fc.option(fc.string({ unit: 'binary-ascii', maxLength: 100 }).map(printable)),
    })
    .map(({ params: values, query, body, authorization, login, staffLogin, requestId }) => {
      let url = operation.path;
      operation.pathParams.forEach((param, index) => {
        url = url.replace(`{${param.name}}`, values[index] ?? '');
      });
      const headers: Record<string, string> = { 'X-Requested-With': 'website' };
      if (body.contentType) headers['Content-Type'] = body.contentType;
      if (requestId !== null) headers['X-Request-Id'] = requestId;
      const request: FuzzRequest = { method: operation.method, url: url + query, headers, body: body.body };
      if (!withToken) {
        // The staff token is a useless one everywhere but on the staff API.
        const useless = operation.token === 'staff' && authorization?.includes(STAFF_TOKEN) ? undefined : authorization;
        if (useless) headers.Authorization = useless;
      } else if (operation.token === 'staff') {
        headers.Authorization = `Bearer ${STAFF_TOKEN}`;
      } else if (operation.token === 'admin') {
        request.staffLogin = staffLogin;
      } else {
        request.login = login;
      }
      return request;
    });
}

// ---------------------------------------------------------------------------------------------------------------
// The checks

const STACK_FRAME = /\n\s+at\s|\bat\s+\S+\s+\([^)]*:\d+:\d+\)|\bat\s+(file|node):/;
const FILE_PATH = /\/work\/|\bserver\/|\.ts:\d|\.ts\b.*:\d+:\d+|node_modules|node:internal/;

function summary(request: FuzzRequest): string {
  const body =
    request.body === undefined ? '' : ` body(${request.body.length}) ${JSON.stringify(request.body.slice(0, 300))}`;
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)}${request.login ? ` as ${request.login}` : ''}${body}`;
}

let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  for (const login of FIXTURE_LOGINS) ids.set(login, await userId(t.db, login));
});
afterAll(() => t.close());

/**
 * One session token per fixture login (user or staff), issued on first use and again after an answer of 401 (a
 * fuzzed logout or password change ended it): issuing one for each of the ~13,000 requests with a token took a
 * third of the file's time.
 */
const sessions = new Map<string, string>();

async function sessionFor(key: string, issue: () => Promise<string>): Promise<string> {
  let token = sessions.get(key);
  if (token === undefined) {
    token = await issue();
    sessions.set(key, token);
  }
  return token;
}

async function send(request: FuzzRequest): Promise<{ status: number; contentType: string; text: string }> {
  const headers = { ...request.headers };
  let url = request.url;
  let session: string | null = null;
  if (request.staffLogin) {
    const login = request.staffLogin;
    session = `staff:${login}`;
    // The console's organizations: Northside is 1 (OWN_ID names the owner's organization).
    headers.Authorization = `Bearer ${await sessionFor(session, () => staffTokenFor(t.db, login))}`;
    url = url.replaceAll(OWN_ID, '1');
  } else if (request.login) {
    const login = request.login;
    session = `user:${login}`;
    headers.Authorization = `Bearer ${await sessionFor(session, () => t.tokenFor(login))}`;
    url = url.replaceAll(OWN_ID, String(ids.get(login)));
  } else {
    url = url.replaceAll(OWN_ID, '1');
  }
  const response = await t.app.request(url, { method: request.method, headers, body: request.body });
  if (session !== null && response.status === 401) sessions.delete(session);
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

function check(request: FuzzRequest, response: { status: number; contentType: string; text: string }): void {
  const where = `FUZZ_SEED=${SEED}: ${summary(request)}\n  -> ${response.status} ${response.text.slice(0, 500)}`;
  expect(response.status, where).toBeLessThan(500);
  expect(STACK_FRAME.test(response.text), `stack trace in ${where}`).toBe(false);
  expect(FILE_PATH.test(response.text), `file path in ${where}`).toBe(false);
  if (response.status >= 400) {
    expect(response.contentType, where).toMatch(/^application\/json/);
    let body: { message?: unknown; messages?: unknown } = {};
    try {
      body = JSON.parse(response.text);
    } catch {
      expect.fail(`not JSON: ${where}`);
    }
    expect(typeof body.message, where).toBe('string');
    expect(body.messages !== null && typeof body.messages === 'object' && !Array.isArray(body.messages), where).toBe(
      true,
    );
    for (const list of Object.values(body.messages as Record<string, unknown>)) {
      expect(Array.isArray(list) && list.every((text) => typeof text === 'string'), where).toBe(true);
    }
  }
}

/**
 * Every numeric id the document names: path parameters and body fields called id, *_id, athlete or clientId (a
 * provider's ids, such as stripe_payment_intent_id, are text and left out).
 */
function idSchemas(): { where: string; schema: JsonSchema }[] {
  const isId = (name: string) => name === 'id' || name.endsWith('_id') || name === 'athlete' || name === 'clientId';
  const found: { where: string; schema: JsonSchema }[] = [];
  const visit = (where: string, given: JsonSchema) => {
    const schema = resolve(given);
    for (const alternative of schema.anyOf ?? schema.oneOf ?? []) visit(where, alternative);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (isId(name) && resolve(property).type !== 'string')
        found.push({ where: `${where} ${name}`, schema: property });
      visit(`${where} ${name}`, property);
    }
  };
  for (const operation of OPERATIONS) {
    const where = `${operation.method} ${operation.path}`;
    for (const param of operation.pathParams) {
      if (isId(param.name)) found.push({ where: `${where} {${param.name}}`, schema: param.schema });
    }
    if (operation.body) visit(where, operation.body);
  }
  return found;
}

describe('ids in the OpenAPI document', () => {
  it("declare PostgreSQL integer's bounds, 1 to 2147483647, wherever a request carries one", () => {
    const ids = idSchemas();
    expect(ids.length).toBeGreaterThanOrEqual(10);
    for (const { where, schema } of ids) {
      const resolved = resolve(schema);
      const numeric = [resolved, ...(resolved.anyOf ?? []).map(resolve)].filter((s) => s.type === 'integer');
      expect(numeric.length, where).toBeGreaterThan(0);
      for (const integer of numeric) {
        expect({ where, minimum: integer.minimum, maximum: integer.maximum }).toEqual({
          where,
          minimum: 1,
          maximum: 2_147_483_647,
        });
      }
    }
  });
});

describe(`every operation of the OpenAPI document, fuzzed (FUZZ_SEED=${SEED}, ${RUNS} requests each)`, () => {
  it('covers the whole document', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(37);
  });

  OPERATIONS.forEach((operation, index) => {
    for (const withToken of [false, true]) {
      const mode = withToken
        ? operation.token === 'staff'
          ? 'with the staff token'
          : operation.token === 'admin'
            ? 'with a staff session'
            : "with a user's token"
        : 'without a token';
      it(`${operation.method} ${operation.path} ${mode}`, async () => {
        await fc.assert(
          fc.asyncProperty(requestOf(operation, withToken), async (request) => {
            check(request, await send(request));
          }),
          { seed: SEED + index * 2 + (withToken ? 1 : 0), numRuns: RUNS },
        );
      });
    }
  });
});
