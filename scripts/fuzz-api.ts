/**
 * npm run fuzz:api [-- --seed N --requests N --posts N --show N]
 *
 * Fuzzes the API against its contract: requests generated from openapi/openapi.yaml for every
 * operation, as a visitor and signed in (a reader registered through the API, the demo reader,
 * a publisher and staff), against a real server (app.inject) over a real, migrated database
 * with a small demo seed (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 *
 * Parameters and bodies are valid instances of their schemas (json-schema-faker), values that
 * exist in the database, or mutated ones (fast-check), of the kinds of KINDS: a NUL put into an
 * otherwise valid string (so that validation lets it through) or an odd string (Arabic,
 * bidirectional controls, lone surrogates) in a path or query parameter, a JSON body's property,
 * a property below its top (an object's, an array's item) or a form-encoded or multipart field;
 * wrong types, missing fields, huge strings, out-of-range numbers, far dates, unknown parameters
 * and properties, percent-encodings that are not UTF-8, broken JSON and other content types,
 * broken tokens. Each operation's body is sent in each content type it declares.
 *
 * The run first sends every kind that applies to each operation once (so that no operation
 * misses one), then operations and kinds at random, mostly one mutation per request. Every answer
 * must be below 500, have a status the operation declares and a body matching the declared
 * schema (src/server/test/contract-validator.ts), and no request may hand the database a
 * character it refuses (a NUL: the app's 'database refused a write' warning with SQLSTATE 22021
 * or 22P05, which http/db-errors.ts answers with a 400 that the contract allows). The run is
 * reproducible: the same seed and request count make the same requests. Prints requests and
 * statuses per operation, the coverage (requests per operation and kind), then each failure with
 * a reproducer; exits 1 when there is any.
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { contract } from '../src/server/http/contract';
import { DEMO_ACCOUNTS, seedDemo } from '../src/server/seed';
import { ADMIN_PASSWORD, PUBLISHER_PASSWORD, READER_PASSWORD } from '../src/server/seed/accounts';
import { Random } from '../src/server/seed/random';
import { contractProblems } from '../src/server/test/contract-validator';
import { withoutNul } from '../src/server/text/control-characters';
import { createTestContext, type TestContext } from '../src/server/test/helpers';

type Json = any;
type Fc = typeof import('fast-check');
type Jsf = typeof import('json-schema-faker');

export interface FuzzOptions {
  seed: number;
  requests: number;
  /** Posts in the demo seed (the rest of the seed is its usual size). */
  posts?: number;
  log?: (line: string) => void;
}

export interface FuzzRequest {
  operation: string;
  identity: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent (a string or bytes), if any. */
  payload?: string | Buffer;
  remoteAddress: string;
  /** What it was made with (KINDS). */
  kinds: Kind[];
}

export interface FuzzFailure {
  index: number;
  request: FuzzRequest;
  status: number;
  problems: string[];
  answer: string;
}

export interface OperationStats {
  requests: number;
  statuses: Record<string, number>;
  /** Requests sent with each kind of mutation (a request may carry two or three). */
  kinds: Partial<Record<Kind, number>>;
  /** The kinds that apply to the operation (its parameters and body can carry them). */
  applicable: Kind[];
}

export interface FuzzReport {
  seed: number;
  requests: number;
  operations: Record<string, OperationStats>;
  statuses: Record<string, number>;
  failures: FuzzFailure[];
  seconds: number;
}

// ------------------------------------------------------------------ randomness

/** The demo seed's generator: small, fast and seeded; every choice of a run comes from it. */
class Rng extends Random {
  /** A seed for a generator of its own (json-schema-faker's, fast-check's). */
  seed(): number {
    return this.int(1, 2 ** 31 - 1);
  }
}

// ------------------------------------------------------------------ the contract

interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Json;
}

interface Operation {
  id: string;
  method: string;
  template: string;
  params: Param[];
  body?: { required: boolean; types: Record<string, Json> };
  secured: boolean;
  responses: Record<string, Json>;
}

const doc = () => contract().document;

/** A schema with every `#/components/…` reference written out (the contract has no cycles). */
function deref(schema: Json, depth = 0): Json {
  if (depth > 20 || schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => deref(s, depth + 1));
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.split('/').slice(1).reduce((o: Json, k: string) => o[k], doc());
    const { $ref: _ref, ...rest } = schema;
    return deref({ ...target, ...rest }, depth + 1);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'description' || k === 'example' ? v : deref(v, depth + 1);
  return out;
}

function operations(): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries<Json>(doc().paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => deref(p)) as Param[];
      const rb = op.requestBody && deref(op.requestBody);
      const security = op.security ?? doc().security ?? [];
      ops.push({
        id: op.operationId,
        method: method.toUpperCase(),
        template,
        params: params.map((p) => ({ ...p, required: !!p.required })),
        body: rb ? { required: !!rb.required, types: Object.fromEntries(Object.entries<Json>(rb.content).map(([t, c]) => [t, c.schema])) } : undefined,
        secured: security.some((s: Json) => Object.keys(s).length > 0),
        responses: op.responses,
      });
    }
  }
  return ops;
}

// ------------------------------------------------------------------ mutation kinds

/**
 * The kinds of request the run makes, counted per operation (its coverage). `valid`: no mutation.
 * `nul@…`: a NUL put into an otherwise valid string (within its length limits, so that the
 * contract's validation lets it through) of a path parameter, a query parameter, a top-level JSON
 * body property, a property below the top (`list.organization_code`, an array's item) or a field
 * of a form-encoded or multipart body. `odd@…`: an odd string (no NUL) in the same places.
 * `number`: an out-of-range number in a parameter; `type`: a body property (or the body) of
 * another JSON type; `missing`: a body property left out; `huge`: a very long body string;
 * `unknown`: a query parameter or body property the contract does not name; `encoding`: a
 * percent-encoding that is not UTF-8, a broken query or no trailing slash; `raw-body`: broken JSON,
 * another content type, no body or too large a one; `auth`: a broken Authorization header.
 */
export const KINDS = [
  'valid', 'nul@path', 'nul@query', 'nul@body', 'nul@nested', 'nul@form',
  'odd@path', 'odd@query', 'odd@body', 'odd@nested', 'odd@form',
  'number', 'type', 'missing', 'huge', 'unknown', 'encoding', 'raw-body', 'auth',
] as const;
export type Kind = (typeof KINDS)[number];

const JSON_TYPE = 'application/json';
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** The kinds that go in a JSON body. */
const BODY_KINDS: readonly Kind[] = ['nul@body', 'odd@body', 'nul@nested', 'odd@nested', 'type', 'missing', 'huge'];

/** The values below a body's top level (through objects and arrays), by path, with their schemas. */
function nestedSlots(schema: Json): { path: (string | number)[]; schema: Json }[] {
  const slots: { path: (string | number)[]; schema: Json }[] = [];
  const walk = (s: Json, path: (string | number)[], depth: number) => {
    if (s === null || typeof s !== 'object' || depth > 5) return;
    for (const sub of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(sub, path, depth + 1);
    if (s.properties) for (const [k, v] of Object.entries<Json>(s.properties)) walk(v, [...path, k], depth + 1);
    else if (s.items && !Array.isArray(s.items)) walk(s.items, [...path, 0], depth + 1);
    else if (path.length >= 2 && !s.allOf && !s.oneOf && !s.anyOf) slots.push({ path, schema: s });
  };
  walk(schema, [], 0);
  return slots;
}

/** The kinds that apply to an operation: those its parameters and body can carry. */
function kindsFor(op: Operation): Kind[] {
  const has = (where: 'path' | 'query') => op.params.some((p) => p.in === where);
  const json = op.body?.types[JSON_TYPE];
  const kinds = new Set<Kind>(['valid', 'unknown', 'auth']);
  if (has('path')) kinds.add('nul@path').add('odd@path');
  if (has('query')) kinds.add('nul@query').add('odd@query');
  if (has('path') || has('query')) kinds.add('number').add('encoding');
  else kinds.add('encoding');
  if (json && Object.keys(json.properties ?? {}).length) kinds.add('nul@body').add('odd@body').add('type').add('missing').add('huge');
  if (json && nestedSlots(json).length) kinds.add('nul@nested').add('odd@nested');
  if (op.body && FORM_TYPES.some((t) => op.body!.types[t])) kinds.add('nul@form').add('odd@form');
  if (op.body) kinds.add('raw-body');
  return KINDS.filter((k) => kinds.has(k));
}

// ------------------------------------------------------------------ values

/** Values that exist in the seeded database, by what they name. */
interface Known {
  postSlugs: string[];
  hashtags: string[];
  orgCodes: string[];
  orgIds: number[];
  usernames: string[];
  userIds: number[];
  bookmarkIds: number[];
  interestIds: number[];
  categories: string[];
  subcategories: string[];
  types: string[];
  typeIds: number[];
  words: string[];
}

async function knownValues(ctx: TestContext): Promise<Known> {
  const col = async <T>(sql: string) => (await ctx.db.query<{ v: T }>(sql)).map((r) => r.v);
  return {
    // Published, archived and draft posts alike (drafts answer 404 to all but their author and staff).
    postSlugs: await col<string>(`(SELECT slug AS v FROM posts WHERE status = 'published' ORDER BY id LIMIT 30)
                                  UNION ALL (SELECT slug FROM posts WHERE status <> 'published' ORDER BY id LIMIT 10)`),
    hashtags: [...(await col<string>('SELECT slug AS v FROM hashtags ORDER BY id LIMIT 20')), ...(await col<string>('SELECT name AS v FROM hashtags ORDER BY id LIMIT 10'))],
    orgCodes: await col<string>('SELECT code AS v FROM organizations ORDER BY id LIMIT 20'),
    orgIds: await col<number>('SELECT id AS v FROM organizations ORDER BY id LIMIT 20'),
    usernames: await col<string>('SELECT username AS v FROM users ORDER BY id LIMIT 20'),
    userIds: await col<number>('SELECT id AS v FROM users ORDER BY id LIMIT 20'),
    // Mostly the demo reader's, who is one of the fuzzing identities.
    bookmarkIds: await col<number>("(SELECT b.id AS v FROM bookmarks b JOIN users u ON u.id = b.user_id WHERE u.username = 'reader' ORDER BY b.id LIMIT 15) UNION ALL (SELECT id FROM bookmarks ORDER BY id LIMIT 5)"),
    interestIds: await col<number>("(SELECT i.id AS v FROM interests i JOIN users u ON u.id = i.user_id WHERE u.username = 'reader' ORDER BY i.id LIMIT 15) UNION ALL (SELECT id FROM interests ORDER BY id LIMIT 5)"),
    categories: [...(await col<string>('SELECT slug AS v FROM categories ORDER BY id')), ...(await col<string>('SELECT id::text AS v FROM categories ORDER BY id LIMIT 5'))],
    subcategories: await col<string>('SELECT slug AS v FROM subcategories ORDER BY id LIMIT 20'),
    types: [...(await col<string>('SELECT name AS v FROM post_types')), ...(await col<string>('SELECT name_ar AS v FROM post_types'))],
    typeIds: await col<number>('SELECT id AS v FROM post_types'),
    words: ['قرار', 'وزارة', 'التعليم', 'الصحة', 'والقرار', 'قَرَار', 'decision', 'ministry', 'تعميم', 'COVID19'],
  };
}

/** A value that exists for a parameter, when one is known for it. */
function knownFor(k: Known, op: Operation, name: string): readonly (string | number)[] | null {
  const t = op.template;
  if (name === 'slug') return t.startsWith('/content/hashtags/') ? k.hashtags : k.postSlugs;
  if (name === 'code') return k.orgCodes;
  if (name === 'username') return k.usernames;
  if (name === 'id') {
    if (t.startsWith('/auth/users/')) return k.userIds;
    if (t.startsWith('/auth/interests/')) return k.interestIds;
    if (t.startsWith('/content/bookmarks/')) return k.bookmarkIds;
    if (t.startsWith('/content/categories/')) return k.categories;
    if (t.startsWith('/content/post-types/')) return [...k.typeIds, ...k.types];
  }
  return knownByName(k, name);
}

/** A value that exists for a query parameter or body property, by its name alone. */
function knownByName(k: Known, name: string): readonly (string | number)[] | null {
  const byName: Record<string, readonly (string | number)[]> = {
    category: k.categories, subcategory: k.subcategories, type: k.types, type_id: k.typeIds, organization: k.orgIds,
    organization_code: k.orgCodes, hashtag: k.hashtags, author: k.usernames, search: k.words, q: k.words,
  };
  return byName[name] ?? null;
}

/** The schema at a path of a body's schema (through properties, array items and allOf). */
function schemaAt(schema: Json, path: readonly (string | number)[]): Json {
  let s = schema;
  for (const key of path) {
    if (!s) return undefined;
    const parts = [s, ...(s.allOf ?? [])];
    s = typeof key === 'number' ? parts.find((x: Json) => x.items)?.items : parts.find((x: Json) => x.properties?.[key])?.properties[key];
  }
  return s;
}

const isText = (s: Json): boolean => s?.type === 'string' || (Array.isArray(s?.type) && s.type.includes('string'));
/** Text with no enumeration, format or pattern: a NUL put in it is refused by nothing before the handler but the NUL guard. */
const isFreeText = (s: Json): boolean => isText(s) && !s.enum && !s.format && !s.pattern;

/** Strings that have broken servers before. */
const ODD_STRINGS = [
  '', ' ', '   ', '\u0000', 'a\u0000b', '\u202Eevil\u202C', '\u2066x\u2069', '\u200F\u200E', '\uFEFF', '\uD800', 'x\uDFFFy',
  '😀🇸🇦', 'قرار وزاري رقم ١٢', 'ـــ', '#', '##', '%', '%%', '%25', '../../etc/passwd', '..', '.', '/', '\\', "'; DROP TABLE users; --",
  '<script>alert(1)</script>', '${7*7}', '{{7*7}}', 'null', 'undefined', 'NaN', '-1', '0', '1e309', '9'.repeat(40),
  '-9223372036854775809', '2147483648', '0x10', '1.5', 'true', '[]', '{}', '\r\n', '\t', 'a\nb', '\u0085', '\u2028',
  '9999-12-31', '0001-01-01', '0000-00-00', '10000-01-01', '9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00+14:00',
  '2024-02-30', '2024-01-01T24:00', '2024-01-01T23:59:60Z', '1970-01-01T00:00:00.000000000001Z', '2024-13-01', '-2024-01-01',
];

/** Dates and instants the date filters accept, the furthest ones included. */
const DATES = ['2025-06-01', '2024-01-01', '2026-03-15T09:00:00Z', '2025-12-31T23:59:59+03:00', '2025-01-01 10:00', '9999-12-31', '0001-01-01', '9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00+14:00'];

/** Raw (already encoded) path or query texts whose percent-encoding is wrong. */
const BAD_ENCODINGS = ['%FF', '%C3%28', '%E0%A4', '%ED%A0%80', '%F4%90%80%80', '%', '%G1', '%00', '%2F', '%2e%2e', '%C0%AF', 'a%', '%%30'];

/** encodeURIComponent, with a lone surrogate sent as its three WTF-8 bytes (not valid UTF-8). */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\s\S]/gu, (ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(ch);
    });
  }
}

function isDetail(body: string): boolean {
  try {
    return typeof JSON.parse(body).detail === 'string';
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ the fuzzer

interface Identity {
  name: string;
  login?: { username: string; password: string };
  access?: string;
  refresh?: string;
}

const LANGUAGES = [undefined, 'en', 'ar', 'en-US,en;q=0.9', 'ar-SA, en;q=0.5', 'fr', '*', 'en;q=0, ar;q=abc', ';;,,', 'x'.repeat(300)];
const ADDRESSES = ['192.0.2.1', '192.0.2.2', '198.51.100.7', '203.0.113.9', '::ffff:192.0.2.1', '2001:db8::1', '2001:db8:0:0:1::2', '2001:db8:ffff::9'];
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export async function fuzzApi(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const fc: Fc = await import('fast-check');
  const jsf: Jsf = await import('json-schema-faker');
  const rng = new Rng(options.seed);
  const sample = <T>(arb: import('fast-check').Arbitrary<T>): T => fc.sample(arb, { seed: rng.seed(), numRuns: 1 })[0];

  log(`seeding a database with ${options.posts ?? 40} posts…`);
  // The requests whose text the database refused as characters it cannot hold (a NUL is
  // 22021 in a text parameter, 22P05 in JSON), from the app's warnings (http/db-errors.ts).
  const refusedCharacters = new Map<string, string>();
  const ctx = await createTestContext({
    prepare: async (db, config) => {
      await seedDemo(db, { posts: options.posts ?? 40, dataDir: config.dataDir, now: new Date('2026-03-15T09:00:00Z'), seed: 2025 });
    },
    logger: {
      level: 'warn',
      stream: {
        write(line: string) {
          if (!line.includes('database refused a write')) return;
          const entry = JSON.parse(line) as { reqId?: string; sqlState?: string };
          if (entry.reqId && (entry.sqlState === '22021' || entry.sqlState === '22P05')) refusedCharacters.set(entry.reqId, entry.sqlState);
        },
      },
    },
  });
  const app: FastifyInstance = ctx.app;
  const report: FuzzReport = { seed: options.seed, requests: 0, operations: {}, statuses: {}, failures: [], seconds: 0 };
  try {
    const known = await knownValues(ctx);
    const ops = operations();

    // ---------------------------------------------------------------- who asks
    const publisher = DEMO_ACCOUNTS.find((a) => a.user_type === 'publisher')!.username;
    const identities: Identity[] = [
      { name: 'visitor' },
      { name: 'new reader', login: { username: `fuzz_${options.seed}`, password: 'Fuzz-Reader-2025!' } },
      { name: 'reader', login: { username: 'reader', password: READER_PASSWORD } },
      { name: 'publisher', login: { username: publisher, password: PUBLISHER_PASSWORD } },
      { name: 'staff', login: { username: 'admin', password: ADMIN_PASSWORD } },
    ];
    /** A session whose tokens go into bodies (logout, refresh, verify), so that it may end. */
    const spare: Identity = { name: 'spare', login: { username: 'nora.alharbi', password: READER_PASSWORD } };
    const registered = await app.inject({
      method: 'POST', url: '/api/v1/auth/register/',
      payload: { username: identities[1].login!.username, email: `fuzz_${options.seed}@example.com`, password: identities[1].login!.password, password2: identities[1].login!.password, first_name: 'فاحص', last_name: 'Fuzz' },
    });
    if (registered.statusCode !== 201) throw new Error(`could not register the fuzzing reader: ${registered.statusCode} ${registered.body}`);
    const signIn = async (who: Identity) => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: who.login!, remoteAddress: '10.0.0.1' });
      if (res.statusCode !== 200) throw new Error(`could not sign in ${who.name}: ${res.statusCode} ${res.body}`);
      who.access = res.json().access;
      who.refresh = res.json().refresh;
    };
    for (const who of [...identities.slice(1), spare]) await signIn(who);

    // ---------------------------------------------------------------- values
    const fake = (schema: Json): unknown => {
      try {
        return jsf.generateSync(schema, { seed: rng.seed(), optionalsProbability: 0.6, maxItems: 3, maxDepth: 4 });
      } catch {
        return undefined;
      }
    };
    const oddString = (): string => {
      switch (rng.int(0, 6)) {
        case 0: return rng.pick(ODD_STRINGS);
        case 1: return sample(fc.string({ unit: 'binary', maxLength: 40 }));
        case 2: return sample(fc.string({ unit: 'grapheme', maxLength: 30 }));
        case 3: return rng.pick(['ق', 'a', '\u202E', '9', '\u0000', '😀']).repeat(rng.pick([151, 201, 301, 1001, 2001, 10_001]));
        case 4: return sample(fc.string({ unit: fc.constantFrom('ق', 'ر', 'ا', ' ', '\u064E', '\u0640', '#', '\u202B', '\u0000', '٣'), maxLength: 60 }));
        case 5: return sample(fc.stringMatching(/^[\w.@+-]{0,160}$/));
        default: return String(sample(fc.oneof(fc.integer(), fc.double(), fc.bigInt())));
      }
    };
    /** Any JSON value but the one the schema asks for, mostly. */
    const wrongValue = (): unknown =>
      rng.pick<() => unknown>([
        () => null, () => true, () => rng.pick([-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1.5, 1e308]),
        () => [], () => [oddString()], () => ({}), () => ({ nested: oddString() }), () => oddString(),
        () => sample(fc.jsonValue({ maxDepth: 2 })),
      ])();
    /** A valid text for a named value: one that exists, or an instance of its schema. */
    const validText = (op: Operation, name: string, schema: Json): string => {
      const pool = knownFor(known, op, name);
      if (pool && pool.length && rng.chance(0.6)) return String(rng.pick(pool));
      if (typeof schema?.pattern === 'string' && schema.pattern.startsWith('^\\d{4}')) return rng.pick(DATES);
      const v = fake(schema);
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : 'x';
    };
    /**
     * A NUL put into a valid text, which keeps within the schema's length limits (counted in code
     * points, as the validator does): such a value passes the contract's validation and reaches
     * what comes after it. A NUL alone in a short value, or in one past its maximum length (all the
     * run sent before issue 33), is refused by the validation first.
     */
    const withNul = (text: string, schema: Json): string => {
      const chars = [...text];
      const max = typeof schema?.maxLength === 'number' ? schema.maxLength : Infinity;
      const at = rng.int(0, chars.length);
      if (chars.length >= max && chars.length > 0) chars[Math.min(at, chars.length - 1)] = '\u0000';
      else chars.splice(at, 0, '\u0000');
      return chars.join('');
    };
    /** An odd string that is not a NUL one (those are a kind of their own). */
    const oddText = (): string => withoutNul(oddString());
    const paramValue = (op: Operation, p: Param): string | undefined => {
      const pool = knownFor(known, op, p.name);
      if (pool && pool.length && rng.chance(0.6)) return String(rng.pick(pool));
      if (p.schema?.pattern?.startsWith('^\\d{4}')) return rng.pick(DATES);
      const v = fake(p.schema);
      // An object or array sent as its odd string is one more malformed value to try.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      return v === undefined || v === null ? undefined : String(v);
    };
    /** A parameter's value made as `kind` asks (a NUL in a valid value, an odd string, a number). */
    const mutatedParam = (op: Operation, p: Param, kind: Kind): string => {
      if (kind.startsWith('nul@')) return withNul(validText(op, p.name, p.schema), p.schema);
      // 2^53 + 1 on purpose: past what a double holds (it is sent as its rounding, 9007199254740992).
      // eslint-disable-next-line no-loss-of-precision
      if (kind === 'number') return String(rng.pick([-1, 0, -2147483649, 2147483648, 9007199254740993, 1e21, 1.5, -0]));
      const pool = knownFor(known, op, p.name);
      return rng.pick<() => string>([
        () => oddText(),
        () => String(rng.pick(pool && pool.length ? pool : ['x'])) + rng.pick(['', ' ', '%', '/', '\u202E']),
        () => rng.pick(ODD_STRINGS.filter((s) => /\d{4}-/.test(s))),
      ])();
    };
    const enc = (s: string) => percentEncode(s).replace(/%2F/gi, rng.chance(0.5) ? '%2F' : '%2f');

    /**
     * The address, with the mutations of `kinds` that go in it, each in one parameter: a NUL or an
     * odd string in a path or query parameter, a number, a wrong percent-encoding (or a broken
     * query, or no trailing slash), an unknown query parameter.
     */
    const buildUrl = (op: Operation, kinds: Set<Kind>, unknownInQuery: boolean): string => {
      const pathParams = op.params.filter((x) => x.in === 'path');
      const queryParams = op.params.filter((x) => x.in === 'query');
      const mutated = new Map<Param, Kind>();
      const place = (kind: Kind, where: Param[]) => where.length && mutated.set(rng.pick(where), kind);
      if (kinds.has('nul@path')) place('nul@path', pathParams);
      if (kinds.has('odd@path')) place('odd@path', pathParams);
      if (kinds.has('nul@query')) place('nul@query', queryParams);
      if (kinds.has('odd@query')) place('odd@query', queryParams);
      for (const kind of ['number', 'encoding'] as const) {
        if (kinds.has(kind)) place(kind, pathParams.length && (!queryParams.length || rng.chance(0.6)) ? pathParams : queryParams);
      }
      let path = op.template;
      for (const p of pathParams) {
        const kind = mutated.get(p);
        let raw: string;
        if (kind === 'encoding') raw = rng.pick(BAD_ENCODINGS) + (rng.chance(0.5) ? 'x' : '');
        else raw = enc((kind ? mutatedParam(op, p, kind) : paramValue(op, p)) ?? 'x') || (rng.chance(0.5) ? '' : '%20');
        path = path.replace(`{${p.name}}`, raw);
      }
      const query: string[] = [];
      for (const p of queryParams) {
        const kind = mutated.get(p);
        if (!kind && !p.required && !rng.chance(0.35)) continue;
        if (kind === 'encoding') {
          query.push(`${p.name}=${rng.pick(BAD_ENCODINGS)}`);
          continue;
        }
        const value = kind ? mutatedParam(op, p, kind) : paramValue(op, p);
        if (value === undefined) continue;
        query.push(`${p.name}=${enc(value)}`);
        if (kind === 'odd@query' && rng.chance(0.2)) query.push(`${p.name}=${enc(oddText())}`); // repeated
      }
      if (kinds.has('unknown') && unknownInQuery) query.push(`${enc(rng.pick(['unknown', 'page[]', '__proto__', 'constructor', 'x'.repeat(300), oddString()]))}=${enc(oddString())}`);
      if (kinds.has('encoding') && !mutated.size) {
        // No parameter to carry it: the query itself, or the address's last slash.
        if (rng.chance(0.5)) query.push(rng.pick(['&&&', '=', '==x', 'page', 'page=', '%FF=%FF', ';']));
        else path = path.replace(/\/$/, '');
      }
      return `/api/v1${path}${query.length ? `?${query.join('&')}` : ''}`;
    };

    /** Values that exist, now and then, for the properties of a faked body that name something. */
    const realistic = (value: unknown, depth = 0): void => {
      if (depth > 5 || value === null || typeof value !== 'object') return;
      if (Array.isArray(value)) {
        for (const item of value) realistic(item, depth + 1);
        return;
      }
      const obj = value as Record<string, unknown>;
      for (const [key, item] of Object.entries(obj)) {
        const pool = knownByName(known, key);
        const pick = pool && pool.length ? rng.pick(pool) : undefined;
        if (pick !== undefined && typeof pick === typeof item && rng.chance(0.7)) obj[key] = pick;
        else realistic(item, depth + 1);
      }
    };

    /** A field of an object schema to mutate: one of `preferred` type when there is one. */
    const fieldOf = (schema: Json, obj: Record<string, unknown>, preferred?: (s: Json) => boolean): string => {
      const props = Object.entries<Json>(schema.properties ?? {});
      const fitting = preferred ? props.filter(([, s]) => preferred(s)).map(([k]) => k) : [];
      const all = [...new Set([...props.map(([k]) => k), ...Object.keys(obj)])];
      return fitting.length ? rng.pick(fitting) : all.length ? rng.pick(all) : 'x';
    };

    /** A JSON body for an object schema, valid or with the body mutations of `kinds`. */
    const jsonBody = (op: Operation, schema: Json, kinds: Set<Kind>, who: Identity): unknown => {
      let body = fake(schema);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) body = {};
      const obj = body as Record<string, unknown>;
      // Real tokens and credentials now and then, so that the paths past the checks run too.
      for (const field of Object.keys(schema.properties ?? {})) {
        if (field === 'refresh' && rng.chance(0.4)) obj.refresh = spare.refresh;
        if (field === 'token' && rng.chance(0.4)) obj.token = rng.pick([spare.access, spare.refresh]);
        if (field === 'email' && rng.chance(0.3)) obj.email = rng.pick(['reader@qarar.local', 'admin@qarar.local', `fuzz_${options.seed}@example.com`]);
      }
      if (op.id === 'login' && rng.chance(0.3)) Object.assign(obj, rng.pick(identities.slice(1)).login);
      if (op.id === 'changePassword' && who.login && rng.chance(0.3)) obj.old_password = who.login.password;
      if ((op.id === 'changePassword' || op.id === 'confirmPasswordReset') && rng.chance(0.5)) obj.new_password = `Fuzz-${rng.int(1, 1e9)}-Kettle`;
      if (op.id === 'registerUser' && rng.chance(0.6)) {
        const name = `fz${rng.int(1, 1e9)}`;
        Object.assign(obj, { username: name, email: `${name}@example.com`, password: 'Sturdy-Kettle-42', password2: 'Sturdy-Kettle-42' });
        if (rng.chance(0.3)) obj.first_name = oddString() || 'x';
      }
      realistic(obj);
      if (kinds.has('nul@body')) {
        const field = fieldOf(schema, obj, isFreeText);
        const fieldSchema = schema.properties?.[field];
        const current = obj[field];
        obj[field] = withNul(typeof current === 'string' ? current : validText(op, field, fieldSchema), fieldSchema);
      }
      if (kinds.has('odd@body')) obj[fieldOf(schema, obj)] = rng.chance(0.85) ? oddText() : '';
      if (kinds.has('huge')) obj[fieldOf(schema, obj, isText)] = rng.pick(['x', 'ق', '\u0000']).repeat(rng.pick([151, 301, 1001, 5001, 100_001]));
      if (kinds.has('unknown')) obj[rng.pick(['unknown', '__proto__', 'constructor', 'is_staff', 'user_type', oddString()])] = wrongValue();
      if (kinds.has('missing')) delete obj[fieldOf(schema, obj, () => false)];
      for (const kind of ['nul@nested', 'odd@nested'] as const) {
        if (!kinds.has(kind)) continue;
        // A property below the top: its parents made when the fake left them out.
        const slots = nestedSlots(schema);
        const free = slots.filter((x) => isFreeText(x.schema));
        const slot = rng.pick(kind === 'nul@nested' && free.length ? free : slots);
        if (!slot) continue;
        let parent: Json = obj;
        for (let i = 0; i < slot.path.length - 1; i++) {
          const key = slot.path[i];
          if (parent[key] === null || typeof parent[key] !== 'object') parent[key] = typeof slot.path[i + 1] === 'number' ? [] : {};
          parent = parent[key];
        }
        const leaf = slot.path[slot.path.length - 1];
        const current = parent[leaf];
        // Mostly alone in its object (but for what that must hold), as a reader's one filter
        // would be: nothing else in it to refuse first.
        if (typeof leaf === 'string' && !Array.isArray(parent) && rng.chance(kind === 'nul@nested' ? 0.75 : 0.5)) {
          const required: string[] = schemaAt(schema, slot.path.slice(0, -1))?.required ?? [];
          for (const key of Object.keys(parent)) if (key !== leaf && !required.includes(key)) delete parent[key];
        }
        parent[leaf] =
          kind === 'nul@nested'
            ? withNul(typeof current === 'string' ? current : validText(op, String([...slot.path].reverse().find((k) => typeof k === 'string')), slot.schema), slot.schema)
            : rng.pick<() => unknown>([() => oddText(), () => wrongValue(), () => ''])();
      }
      if (kinds.has('type')) {
        if (rng.chance(0.2)) return rng.pick<unknown>([[], [obj], 'text', 42, null, true]);
        obj[fieldOf(schema, obj)] = wrongValue();
      }
      return obj;
    };

    /** The fields of a form (form-encoded or multipart), valid or with the form mutations of `kinds`. */
    const formFields = (op: Operation, schema: Json, kinds: Set<Kind>, without: string[] = []): Record<string, string> => {
      const props = Object.fromEntries(Object.entries<Json>(schema.properties ?? {}).filter(([k]) => !without.includes(k)));
      const faked = fake({ ...schema, properties: props });
      const fields: Record<string, string> = {};
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      for (const [k, v] of Object.entries((faked ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null) fields[k] = String(v);
      const names = Object.keys(props);
      if (kinds.has('nul@form')) {
        const name = names.length ? rng.pick(names) : 'x';
        fields[name] = withNul(fields[name] ?? validText(op, name, props[name]), props[name]);
      }
      if (kinds.has('odd@form')) fields[rng.pick([...names, 'unknown', oddText() || 'x'])] = oddText();
      if (kinds.has('unknown')) fields[rng.pick(['unknown', '__proto__', 'constructor', oddText() || 'x'])] = oddText();
      return fields;
    };

    const multipartBody = (op: Operation, schema: Json, kinds: Set<Kind>): { payload: Buffer; type: string } => {
      const boundary = `----fuzz${rng.int(1, 1e9)}`;
      const fileField = Object.entries<Json>(schema.properties ?? {}).find(([, s]) => s?.format === 'binary')?.[0];
      const fields = formFields(op, schema, kinds, fileField ? [fileField] : []);
      const parts: Buffer[] = [];
      for (const [name, value] of Object.entries(fields)) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"\r\n\r\n${value}\r\n`));
      }
      if (fileField && rng.chance(0.3)) {
        const file = rng.pick<[string, string, Buffer]>([
          ['a.png', 'image/png', PNG],
          ['a.png', 'image/png', Buffer.from(oddString())],
          ['a.jpg', 'image/jpeg', PNG.subarray(0, 20)],
          ['a.txt', 'text/plain', Buffer.from('hello')],
        ]);
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file[0]}"\r\nContent-Type: ${file[1]}\r\n\r\n`), file[2], Buffer.from('\r\n'));
      } else if (fileField && rng.chance(0.1)) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"\r\n\r\n${rng.pick(['', 'x'])}\r\n`));
      }
      const broken = kinds.has('raw-body') && rng.chance(0.5);
      parts.push(Buffer.from(broken && rng.chance(0.5) ? `--${boundary}` : `--${boundary}--\r\n`));
      const type = broken ? rng.pick(['multipart/form-data', `multipart/form-data; boundary=other`]) : `multipart/form-data; boundary=${boundary}`;
      return { payload: Buffer.concat(parts), type };
    };

    /**
     * A request for an operation, with the mutations of `kinds` (none for `valid`). Body mutations
     * go in a JSON body, form ones in a form-encoded or multipart one, whichever the operation takes.
     */
    const makeRequest = (op: Operation, who: Identity, kinds: Set<Kind>): FuzzRequest => {
      const headers: Record<string, string> = {};
      const lang = rng.pick(LANGUAGES);
      if (lang !== undefined) headers['accept-language'] = lang;
      if (who.access) headers.authorization = `Bearer ${who.access}`;
      if (kinds.has('auth')) {
        headers.authorization = rng.pick([
          'Bearer', 'Bearer x.y.z', 'Basic YTpi', `Bearer ${who.access ?? 'e30'}x`, `bearer  ${spare.refresh}`,
          `Bearer ${(who.access ?? 'a.b.c').split('.').map((p, i) => (i === 1 ? Buffer.from('{"sub":"1","sid":"x","typ":"access"}').toString('base64url') : p)).join('.')}`,
        ]);
      }
      const types = Object.keys(op.body?.types ?? {});
      const json = types.includes(JSON_TYPE) && Object.keys(op.body!.types[JSON_TYPE].properties ?? {}).length > 0;
      const forms = types.filter((t) => FORM_TYPES.includes(t));
      const wantsJson = BODY_KINDS.some((k) => kinds.has(k));
      const wantsForm = kinds.has('nul@form') || kinds.has('odd@form');
      const unknownInQuery = !json || rng.chance(0.5);
      const req: FuzzRequest = { operation: op.id, identity: who.name, method: op.method, url: buildUrl(op, kinds, unknownInQuery), headers, remoteAddress: rng.pick(ADDRESSES), kinds: [...kinds] };
      if (op.body && (op.body.required || wantsJson || wantsForm || (kinds.has('unknown') && !unknownInQuery) || rng.chance(0.8))) {
        const type = wantsForm && forms.length ? rng.pick(forms) : wantsJson && json ? JSON_TYPE : rng.pick(types);
        const schema = op.body.types[type];
        const bodyKinds = new Set([...kinds].filter((k) => k !== 'unknown' || !unknownInQuery));
        if (type === 'multipart/form-data') {
          const { payload, type: contentType } = multipartBody(op, schema, bodyKinds);
          req.payload = payload;
          headers['content-type'] = contentType;
        } else if (type === 'application/x-www-form-urlencoded') {
          req.payload = new URLSearchParams(formFields(op, schema, bodyKinds)).toString();
          headers['content-type'] = type;
        } else {
          req.payload = JSON.stringify(jsonBody(op, schema, bodyKinds, who));
          headers['content-type'] = JSON_TYPE;
        }
      }
      if (kinds.has('raw-body') && !String(headers['content-type']).startsWith('multipart/')) {
        // The body itself: broken JSON, another content type, none at all, or too much.
        switch (rng.int(0, 5)) {
          case 0: req.payload = rng.pick(['{', '{"a":', 'nul', '[1,]', '\u0000', '"\uD800"', '{"a":1}{"b":2}', '']); headers['content-type'] = JSON_TYPE; break;
          case 1: headers['content-type'] = rng.pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png', 'application/json; charset=latin1', 'APPLICATION/JSON', 'multipart/form-data; boundary=x', 'application/jsonx', ';;']); req.payload ??= 'a=1'; break;
          case 2: delete headers['content-type']; break;
          case 3: req.payload = JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }); headers['content-type'] = JSON_TYPE; break;
          case 4: req.payload = Buffer.from([0xff, 0xfe, 0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]); headers['content-type'] = JSON_TYPE; break;
          default: headers['content-type'] = JSON_TYPE; req.payload = JSON.stringify(wrongValue()); break;
        }
      }
      return req;
    };

    const check = (op: Operation, status: number, body: string, contentType: string | undefined, url: string): string[] => {
      const problems: string[] = [];
      if (status >= 500) problems.push(`server error ${status}`);
      // The address as routed: light-my-request, as a proxy may, resolves `.`, `..` and their
      // encodings (`%2e%2e`) first.
      const parsed = new URL(url, 'http://fuzz.invalid');
      const path = parsed.pathname;
      const query = parsed.search ? parsed.search.slice(1) : undefined;
      const routed = contractProblems(op.method, path.replace(/\/(?=\/)/g, '/_'), 200, '{}', 'application/json');
      if ((!path.endsWith('/') && op.template.endsWith('/')) || routed.some((p) => p.includes('no such operation'))) {
        // No operation has this address (every path but a feed's ends with a slash): the router's answer.
        if (![400, 401, 404, 405, 413, 415].includes(status)) problems.push(`${op.method} ${path}: status ${status} for an address no operation has`);
        if (!isDetail(body)) problems.push(`${status} without {detail}`);
        return problems;
      }
      // The router gives an empty segment to the parameter; the checker's pattern wants one character.
      const lookup = path.replace(/\/(?=\/)/g, '/_') + (query === undefined ? '' : `?${query}`);
      problems.push(...contractProblems(op.method, lookup, status, body, contentType));
      // The shared checker lets 413 and 415 pass everywhere; the contract declares them.
      if (status === 413 || status === 415) {
        if (!op.responses[String(status)]) problems.push(`${op.method} ${op.template}: status ${status} is not declared`);
        if (!isDetail(body)) problems.push(`${status} without {detail}`);
      }
      return problems;
    };

    // First every kind that applies to each operation once (in a seeded order), so that no
    // operation misses one however few requests it draws; then operations and kinds at random.
    const applicable = new Map(ops.map((op) => [op, kindsFor(op)]));
    const sweep = ops.flatMap((op) => applicable.get(op)!.map((kind): [Operation, Kind] => [op, kind]));
    for (let i = sweep.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [sweep[i], sweep[j]] = [sweep[j], sweep[i]];
    }
    for (const op of ops) report.operations[op.id] = { requests: 0, statuses: {}, kinds: {}, applicable: applicable.get(op)! };
    const signedIn = identities.slice(1);

    log(`fuzzing ${ops.length} operations with ${options.requests} requests (seed ${options.seed}; ${sweep.length} kinds of request to try first)…`);
    for (let i = 0; i < options.requests; i++) {
      let op: Operation;
      let who: Identity;
      const kinds = new Set<Kind>();
      if (i < sweep.length) {
        const [swept, kind] = sweep[i];
        op = swept;
        kinds.add(kind);
        // A mutation meant to reach past the security check is sent signed in.
        who = op.secured && kind !== 'auth' ? rng.pick(signedIn) : rng.chance(0.35) ? identities[0] : rng.pick(signedIn);
      } else {
        op = rng.pick(ops);
        who = rng.chance(0.35) ? identities[0] : rng.pick(signedIn);
        // Mostly one mutation at a time (a request refused for one need not hide the others).
        if (rng.chance(0.45)) {
          const mutations = applicable.get(op)!.filter((k) => k !== 'valid');
          for (let n = rng.weighted([1, 2, 3], [70, 25, 5]); n > 0; n--) kinds.add(rng.pick(mutations));
        } else kinds.add('valid');
      }
      const req = makeRequest(op, who, kinds);
      const res = await app.inject({ method: req.method as Json, url: req.url, headers: req.headers, payload: req.payload, remoteAddress: req.remoteAddress });
      const status = res.statusCode;
      report.requests++;
      const stats = report.operations[op.id];
      stats.requests++;
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
      for (const kind of kinds) stats.kinds[kind] = (stats.kinds[kind] ?? 0) + 1;
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      // Only the first path segment matches the contract's operation if the router took the path
      // as another one (a slug of "trending"): the checker finds that operation itself.
      const problems = check(op, status, res.body, res.headers['content-type'] as string | undefined, req.url);
      // An answer within the contract may still hide a value the database was handed and refused
      // (db-errors.ts answers that 400 too): a NUL, or text that is not UTF-8, got past the checks.
      const refused = refusedCharacters.get(String(res.headers['x-request-id']));
      if (refused) problems.push(`the database refused a character (SQLSTATE ${refused}): a NUL got past the checks to the database`);
      if (problems.length) {
        report.failures.push({ index: i, request: req, status, problems, answer: res.body.slice(0, 500) });
      }
      // A password the run changed: sign in with the new one from now on.
      if (status === 200 && op.id === 'changePassword' && who.login && typeof req.payload === 'string') {
        who.login.password = JSON.parse(req.payload).new_password;
      }
      // A session the run itself ended (its refresh token sent to logout): sign in again.
      if (status === 401 && who.login && /token_not_valid/.test(res.body)) {
        const me = await app.inject({ url: '/api/v1/auth/me/', headers: { authorization: `Bearer ${who.access}` } });
        if (me.statusCode === 401) await signIn(who);
      }
      if (i % 50 === 0) {
        const alive = await app.inject({ url: '/api/v1/auth/me/', headers: { authorization: `Bearer ${spare.access}` } });
        if (alive.statusCode === 401) await signIn(spare);
      }
      if ((i + 1) % 1000 === 0) log(`  ${i + 1} requests, ${report.failures.length} failures`);
    }
  } finally {
    await ctx.close();
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/** The kinds that apply to an operation and were not sent to it, by operation. */
export function coverageGaps(report: FuzzReport): Record<string, Kind[]> {
  const gaps: Record<string, Kind[]> = {};
  for (const [id, s] of Object.entries(report.operations)) {
    const missed = s.applicable.filter((k) => !s.kinds[k]);
    if (missed.length) gaps[id] = missed;
  }
  return gaps;
}

/**
 * The coverage: requests sent to each operation with each kind of mutation (`·` where the kind
 * does not apply: no path parameter, no body…), then how many (operation, kind) pairs had one.
 */
export function describeCoverage(report: FuzzReport): string[] {
  const ops = Object.entries(report.operations).sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...ops.map(([id]) => id.length), 9);
  const lines = [`${'coverage'.padEnd(width)}  ${KINDS.join(' ')}`];
  let pairs = 0;
  let covered = 0;
  for (const [id, s] of ops) {
    const cells = KINDS.map((k) => {
      if (!s.applicable.includes(k)) return '·'.padStart(k.length);
      pairs++;
      if (s.kinds[k]) covered++;
      return String(s.kinds[k] ?? 0).padStart(k.length);
    });
    lines.push(`${id.padEnd(width)}  ${cells.join(' ')}`);
  }
  const totals = KINDS.map((k) => String(ops.reduce((n, [, s]) => n + (s.kinds[k] ?? 0), 0)).padStart(k.length));
  lines.push(`${'all'.padEnd(width)}  ${totals.join(' ')}`);
  const gaps = Object.entries(coverageGaps(report));
  lines.push(`coverage: ${covered} of ${pairs} (operation, kind) pairs sent at least once${gaps.length ? `; none of ${gaps.map(([id, k]) => `${id}: ${k.join(', ')}`).join('; ')}` : ''}`);
  return lines;
}

/** The figures and failures, as printed. */
export function describeReport(report: FuzzReport, show = 20): string {
  const lines: string[] = [];
  const ops = Object.entries(report.operations).sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...ops.map(([id]) => id.length), 9);
  lines.push(`${'operation'.padEnd(width)}  requests  statuses`);
  for (const [id, s] of ops) {
    const statuses = Object.entries(s.statuses).map(([code, n]) => `${code}×${n}`).join(' ');
    lines.push(`${id.padEnd(width)}  ${String(s.requests).padStart(8)}  ${statuses}`);
  }
  lines.push('');
  lines.push(...describeCoverage(report));
  lines.push('');
  lines.push(`statuses: ${Object.entries(report.statuses).map(([code, n]) => `${code}×${n}`).join(' ')}`);
  for (const f of report.failures.slice(0, show)) {
    const body = f.request.payload === undefined ? '' : typeof f.request.payload === 'string' ? f.request.payload : `<${f.request.payload.length} bytes> ${f.request.payload.toString('latin1')}`;
    lines.push('');
    lines.push(`FAILURE #${f.index} ${f.request.operation} as ${f.request.identity}: ${f.request.method} ${f.request.url.slice(0, 400)} → ${f.status}`);
    lines.push(`  headers: ${JSON.stringify({ ...f.request.headers, authorization: f.request.headers.authorization ? '<' + f.request.headers.authorization.slice(0, 12) + '…>' : undefined })} from ${f.request.remoteAddress}`);
    if (body) lines.push(`  body (${body.length} chars): ${JSON.stringify(body.slice(0, 400))}`);
    for (const p of f.problems) lines.push(`  problem: ${p}`);
    lines.push(`  answer: ${f.answer.slice(0, 300)}`);
  }
  if (report.failures.length > show) lines.push(`… and ${report.failures.length - show} more failures`);
  lines.push('');
  lines.push(
    `fuzz:api seed ${report.seed}: ${report.requests} requests over ${ops.length} operations in ${report.seconds.toFixed(1)} s, ` +
      `${report.failures.length} failures`,
  );
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '1' },
      requests: { type: 'string', default: '10000' },
      posts: { type: 'string', default: '40' },
      show: { type: 'string', default: '20' },
      json: { type: 'string' },
    },
  });
  const seed = Number(values.seed);
  const requests = Number(values.requests);
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(requests) || requests < 1) {
    throw new Error('usage: npm run fuzz:api [-- --seed N --requests N --posts N --show N --json file]');
  }
  const report = await fuzzApi({ seed, requests, posts: Number(values.posts), log: (line) => console.error(line) });
  console.log(describeReport(report, Number(values.show)));
  if (values.json) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(values.json, JSON.stringify(report, (k, v) => (k === 'payload' && typeof v !== 'string' && v ? `<${v.data?.length ?? '?'} bytes>` : v), 2));
  }
  process.exitCode = report.failures.length ? 1 : 0;
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
