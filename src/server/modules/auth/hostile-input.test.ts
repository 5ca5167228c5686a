import { createTestContext, bearer, type TestContext } from '../../test/helpers';
import { multipart, signUp, type SignedUp } from './testing';

/** No input may make an auth or users call answer 500; every answer must keep to the contract. */

let ctx: TestContext;
let user: SignedUp;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await signUp(ctx);
});
afterAll(() => ctx.close());

const NUL = 'a\u0000b';
const weird = [NUL, '\ud800', '%', "'; DROP TABLE users; --", 'ـ'.repeat(150), '😀'.repeat(50), ' ', '\\'];

const POSTS: [string, (v: string) => object][] = [
  ['register/', (v) => ({ username: 'hostile', email: 'hostile@example.com', password: `${v}Sturdy-1`, password2: `${v}Sturdy-1`, first_name: v, last_name: v })],
  ['login/', (v) => ({ username: v, password: v })],
  ['logout/', (v) => ({ refresh: v })],
  ['token/refresh/', (v) => ({ refresh: v })],
  ['token/verify/', (v) => ({ token: v })],
  ['password-reset/', (v) => ({ email: `${v}@example.com` })],
  ['password-reset/confirm/', (v) => ({ token: v, new_password: `${v}Sturdy-Kettle` })],
  ['me/change-password/', (v) => ({ old_password: v, new_password: `${v}Sturdy-Kettle` })],
  ['interests/', (v) => ({ name: v })],
];

describe('hostile input', () => {
  it.each(POSTS)('POST %s never answers 5xx', async (url, body) => {
    for (const v of weird) {
      const res = await ctx.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: body(v), headers: bearer(user.access) });
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const raw of ['[]', '"x"', 'null', '{"username": {"$ne": 1}}', '{"refresh": {}}', '{"token": {}}']) {
      const res = await ctx.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: raw, headers: { ...bearer(user.access), 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses NUL characters in stored text with a field message', async () => {
    const reg = await ctx.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      payload: { username: 'nully', email: 'nully@example.com', password: 'Sturdy-Kettle-42', password2: 'Sturdy-Kettle-42', first_name: NUL, last_name: 'x' },
      headers: { 'accept-language': 'en' },
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json()).toEqual({ first_name: ['Null characters are not allowed.'] });
    const interest = await ctx.inject({ method: 'POST', url: '/api/v1/auth/interests/', payload: { name: NUL }, headers: bearer(user.access) });
    expect(interest.json()).toEqual({ name: ['Null characters are not allowed.'] });
    const { payload, headers } = multipart({ bio: NUL });
    const profile = await ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload, headers: { ...headers, ...bearer(user.access) } });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ bio: ['Null characters are not allowed.'] });
  });

  it('never answers 5xx to odd queries and paths', async () => {
    const urls = [
      '/api/v1/auth/users/?search=%00',
      '/api/v1/auth/users/?search=%25%5C',
      '/api/v1/auth/users/?is_verified=%00',
      '/api/v1/auth/search/?q=%00%00x',
      '/api/v1/auth/search/?q=%5C%5C',
      '/api/v1/auth/profiles/%00/',
      '/api/v1/auth/profiles/a%00b/',
      '/api/v1/auth/users/99999999999999999999/',
      '/api/v1/auth/users/1.5/',
      '/api/v1/auth/users/-1/followers/',
      '/api/v1/auth/users/2147483648/following/',
      '/api/v1/auth/users/?page=1000000',
      '/api/v1/auth/users/?page_size=abc',
    ];
    for (const url of urls) {
      const res = await ctx.inject({ url, headers: bearer(user.access) });
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('never answers 5xx to ids beyond the integer range on writes', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/auth/users/2147483648/follow/'],
      ['POST', '/api/v1/auth/users/2147483648/verify/'],
      ['DELETE', '/api/v1/auth/interests/2147483648/'],
    ] as const) {
      const res = await ctx.inject({ method, url, headers: bearer(user.access) });
      expect(res.statusCode).toBe(400);
    }
  });

  it('never answers 5xx to malformed multipart bodies', async () => {
    const bodies = [
      { payload: 'not multipart at all', headers: { 'content-type': 'multipart/form-data; boundary=xyz' } },
      { payload: '--xyz\r\nContent-Disposition: form-data; name="bio"\r\n\r\nunterminated', headers: { 'content-type': 'multipart/form-data; boundary=xyz' } },
      { payload: '', headers: { 'content-type': 'multipart/form-data' } },
      multipart({ bio: 'a', Bio: 'b' }),
      multipart({}, { profile_picture: { filename: 'a.png', type: 'image/png', bytes: Buffer.from('x') }, other: { filename: 'b.png', type: 'image/png', bytes: Buffer.from('y') } }),
    ];
    for (const { payload, headers } of bodies) {
      const res = await ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload, headers: { ...headers, ...bearer(user.access) } });
      expect(res.statusCode).toBeLessThan(500);
    }
    // The same field twice is not one value.
    const twice = Buffer.from('--xyz\r\nContent-Disposition: form-data; name="bio"\r\n\r\none\r\n--xyz\r\nContent-Disposition: form-data; name="bio"\r\n\r\ntwo\r\n--xyz--\r\n');
    const res = await ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload: twice, headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...bearer(user.access) } });
    expect(res.statusCode).toBe(400);
  });
});
