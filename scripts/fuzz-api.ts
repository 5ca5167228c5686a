/**
 * npm run fuzz:api [-- --seed N --requests N --posts N --show N]
 *
 * Fuzzes the API against its contract: requests generated from openapi/openapi.yaml for every
 * operation, as a visitor and signed in (a reader registered through the API, the demo reader,
 * a publisher and staff), against a real server (app.inject) over a real, migrated database
 * with a small demo seed (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 *
 * Parameters and bodies are valid instances of their schemas (json-schema-faker), values that
 * exist in the database, or mutated ones (fast-check): wrong types, missing required fields,
 * huge or odd strings (Arabic, bidirectional controls, NUL, lone surrogates), percent-encodings
 * that are not UTF-8, far dates, negative and huge numbers, unknown query parameters, broken
 * JSON and other content types, broken tokens.
 *
 * Every answer must be below 500, have a status the operation declares and a body matching the
 * declared schema (src/server/test/contract-validator.ts). The run is reproducible: the same
 * seed and request count make the same requests. Prints requests and statuses per operation,
 * then each failure with a reproducer; exits 1 when there is any.
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { contract } from '../src/server/http/contract';
import { DEMO_ACCOUNTS, seedDemo } from '../src/server/seed';
import { ADMIN_PASSWORD, PUBLISHER_PASSWORD, READER_PASSWORD } from '../src/server/seed/accounts';
import { Random } from '../src/server/seed/random';
import { contractProblems } from '../src/server/test/contract-validator';
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
}

export interface FuzzFailure {
  index: number;
  request: FuzzRequest;
  status: number;
  problems: string[];
  answer: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  operations: Record<string, { requests: number; statuses: Record<string, number> }>;
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
  const byName: Record<string, readonly (string | number)[]> = {
    category: k.categories, subcategory: k.subcategories, type: k.types, type_id: k.typeIds, organization: k.orgIds,
    organization_code: k.orgCodes, hashtag: k.hashtags, author: k.usernames, search: k.words, q: k.words,
  };
  return byName[name] ?? null;
}

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
  const ctx = await createTestContext({
    prepare: async (db, config) => {
      await seedDemo(db, { posts: options.posts ?? 40, dataDir: config.dataDir, now: new Date('2026-03-15T09:00:00Z'), seed: 2025 });
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
    const paramValue = (op: Operation, p: Param, mutate: boolean): string | undefined => {
      const pool = knownFor(known, op, p.name);
      if (!mutate) {
        if (pool && pool.length && rng.chance(0.6)) return String(rng.pick(pool));
        if (p.schema?.pattern?.startsWith('^\\d{4}')) return rng.pick(DATES);
        const v = fake(p.schema);
        // An object or array sent as its odd string is one more malformed value to try.
        // eslint-disable-next-line @typescript-eslint/no-base-to-string
        return v === undefined || v === null ? undefined : String(v);
      }
      return rng.pick<() => string>([
        () => oddString(),
        // 2^53 + 1 on purpose: past what a double holds (it is sent as its rounding, 9007199254740992).
        // eslint-disable-next-line no-loss-of-precision
        () => String(rng.pick([-1, 0, -2147483649, 2147483648, 9007199254740993, 1e21, 1.5, -0])),
        () => String(rng.pick(pool && pool.length ? pool : ['x'])) + rng.pick(['', ' ', '\u0000', '%', '/', '\u202E']),
        () => rng.pick(ODD_STRINGS.filter((s) => /\d{4}-/.test(s))),
      ])();
    };
    const enc = (s: string) => percentEncode(s).replace(/%2F/gi, rng.chance(0.5) ? '%2F' : '%2f');

    const buildUrl = (op: Operation, mutate: boolean): string => {
      let path = op.template;
      for (const p of op.params.filter((x) => x.in === 'path')) {
        let raw: string;
        if (mutate && rng.chance(0.25)) raw = rng.pick(BAD_ENCODINGS) + (rng.chance(0.5) ? 'x' : '');
        else raw = enc(paramValue(op, p, mutate) ?? 'x') || (rng.chance(0.5) ? '' : '%20');
        path = path.replace(`{${p.name}}`, raw);
      }
      const query: string[] = [];
      for (const p of op.params.filter((x) => x.in === 'query')) {
        if (!p.required && !rng.chance(mutate ? 0.5 : 0.35)) continue;
        const value = paramValue(op, p, mutate && rng.chance(0.5));
        if (value === undefined) continue;
        query.push(`${p.name}=${mutate && rng.chance(0.1) ? rng.pick(BAD_ENCODINGS) : enc(value)}`);
        if (mutate && rng.chance(0.1)) query.push(`${p.name}=${enc(oddString())}`); // repeated
      }
      if (mutate && rng.chance(0.3)) query.push(`${enc(rng.pick(['unknown', 'page[]', '__proto__', 'constructor', 'x'.repeat(300), oddString()]))}=${enc(oddString())}`);
      if (mutate && rng.chance(0.05)) query.push(rng.pick(['&&&', '=', '==x', 'page', 'page=', '%FF=%FF', ';']));
      if (mutate && rng.chance(0.05)) path = path.replace(/\/$/, '');
      return `/api/v1${path}${query.length ? `?${query.join('&')}` : ''}`;
    };

    /** A JSON body for an object schema, valid or mutated in one or more ways. */
    const jsonBody = (op: Operation, schema: Json, mutate: boolean, who: Identity): unknown => {
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
      if (!mutate) return obj;
      const fields = [...new Set([...Object.keys(schema.properties ?? {}), ...Object.keys(obj)])];
      for (let n = rng.int(1, 3); n > 0; n--) {
        const field = fields.length ? rng.pick(fields) : 'x';
        switch (rng.int(0, 6)) {
          case 0: delete obj[field]; break;
          case 1: obj[field] = wrongValue(); break;
          case 2: obj[field] = oddString(); break;
          case 3: obj[rng.pick(['unknown', '__proto__', 'constructor', 'is_staff', 'user_type', oddString()])] = wrongValue(); break;
          case 4: obj[field] = rng.pick(['x', 'ق', '\u0000']).repeat(rng.pick([151, 301, 1001, 5001, 100_001])); break;
          case 5: return rng.pick<unknown>([[], [obj], 'text', 42, null, true]);
          default: obj[field] = '';
        }
      }
      return obj;
    };

    const multipartBody = (schema: Json, mutate: boolean): { payload: Buffer; type: string } => {
      const boundary = `----fuzz${rng.int(1, 1e9)}`;
      const fields = (fake({ ...schema, properties: Object.fromEntries(Object.entries<Json>(schema.properties).filter(([k]) => k !== 'profile_picture')) }) ?? {}) as Record<string, unknown>;
      if (mutate) for (let n = rng.int(1, 2); n > 0; n--) fields[rng.pick([...Object.keys(schema.properties), 'unknown', oddString() || 'x'])] = oddString();
      const parts: Buffer[] = [];
      for (const [name, value] of Object.entries(fields)) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"\r\n\r\n${String(value)}\r\n`));
      }
      if (rng.chance(0.3)) {
        const file = rng.pick<[string, string, Buffer]>([
          ['a.png', 'image/png', PNG],
          ['a.png', 'image/png', Buffer.from(oddString())],
          ['a.jpg', 'image/jpeg', PNG.subarray(0, 20)],
          ['a.txt', 'text/plain', Buffer.from('hello')],
        ]);
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="${file[0]}"\r\nContent-Type: ${file[1]}\r\n\r\n`), file[2], Buffer.from('\r\n'));
      } else if (rng.chance(0.1)) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"\r\n\r\n${rng.pick(['', 'x'])}\r\n`));
      }
      parts.push(Buffer.from(mutate && rng.chance(0.2) ? `--${boundary}` : `--${boundary}--\r\n`));
      const type = mutate && rng.chance(0.15) ? rng.pick(['multipart/form-data', `multipart/form-data; boundary=other`]) : `multipart/form-data; boundary=${boundary}`;
      return { payload: Buffer.concat(parts), type };
    };

    const makeRequest = (op: Operation, who: Identity, mutate: boolean): FuzzRequest => {
      const headers: Record<string, string> = {};
      const lang = rng.pick(LANGUAGES);
      if (lang !== undefined) headers['accept-language'] = lang;
      if (who.access) headers.authorization = `Bearer ${who.access}`;
      if (mutate && rng.chance(0.08)) {
        headers.authorization = rng.pick([
          'Bearer', 'Bearer x.y.z', 'Basic YTpi', `Bearer ${who.access ?? 'e30'}x`, `bearer  ${spare.refresh}`,
          `Bearer ${(who.access ?? 'a.b.c').split('.').map((p, i) => (i === 1 ? Buffer.from('{"sub":"1","sid":"x","typ":"access"}').toString('base64url') : p)).join('.')}`,
        ]);
      }
      const req: FuzzRequest = { operation: op.id, identity: who.name, method: op.method, url: buildUrl(op, mutate), headers, remoteAddress: rng.pick(ADDRESSES) };
      if (op.body && (op.body.required || rng.chance(0.8))) {
        const [type, schema] = Object.entries(op.body.types)[0];
        if (type === 'multipart/form-data') {
          const { payload, type: contentType } = multipartBody(schema, mutate);
          req.payload = payload;
          headers['content-type'] = contentType;
        } else {
          req.payload = JSON.stringify(jsonBody(op, schema, mutate, who));
          headers['content-type'] = 'application/json';
        }
      }
      if (mutate && rng.chance(0.2)) {
        // The body itself: broken JSON, another content type, none at all, or too much.
        switch (rng.int(0, 5)) {
          case 0: req.payload = rng.pick(['{', '{"a":', 'nul', '[1,]', '\u0000', '"\uD800"', '{"a":1}{"b":2}', '']); headers['content-type'] = 'application/json'; break;
          case 1: headers['content-type'] = rng.pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png', 'application/json; charset=latin1', 'APPLICATION/JSON', 'multipart/form-data; boundary=x', 'application/jsonx', ';;']); req.payload ??= 'a=1'; break;
          case 2: delete headers['content-type']; break;
          case 3: req.payload = JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }); headers['content-type'] = 'application/json'; break;
          case 4: req.payload = Buffer.from([0xff, 0xfe, 0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]); headers['content-type'] = 'application/json'; break;
          default: headers['content-type'] = 'application/json'; req.payload = JSON.stringify(wrongValue()); break;
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

    log(`fuzzing ${ops.length} operations with ${options.requests} requests (seed ${options.seed})…`);
    for (let i = 0; i < options.requests; i++) {
      const op = rng.pick(ops);
      const who = rng.chance(0.35) ? identities[0] : rng.pick(identities.slice(1));
      const mutate = rng.chance(0.45);
      const req = makeRequest(op, who, mutate);
      const res = await app.inject({ method: req.method as Json, url: req.url, headers: req.headers, payload: req.payload, remoteAddress: req.remoteAddress });
      const status = res.statusCode;
      report.requests++;
      const stats = (report.operations[op.id] ??= { requests: 0, statuses: {} });
      stats.requests++;
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      // Only the first path segment matches the contract's operation if the router took the path
      // as another one (a slug of "trending"): the checker finds that operation itself.
      const problems = check(op, status, res.body, res.headers['content-type'] as string | undefined, req.url);
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
