import sharp from 'sharp';
import { createTestContext, bearer, type TestContext } from '../../test/helpers';
import { multipart, signUp, type SignedUp } from './testing';

/**
 * What a profile update may cost: a picture of more than 25 megapixels is refused from its
 * header, before anything is decoded; a user may update the profile 20 times in 10 minutes.
 */
let ctx: TestContext;
let bomb: Buffer;
beforeAll(async () => {
  // The sign-in limit the defaults have (10 a minute): the profile limit is scaled from it.
  ctx = await createTestContext({ config: { authRateLimit: { max: 10, windowMs: 60_000 } } });
  // About 250 kB of PNG that decodes to 64 megapixels (192 MB of pixels).
  bomb = await sharp({ create: { width: 7999, height: 7999, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
}, 60_000);
afterAll(() => ctx.close());

const update = (who: SignedUp, fields: Record<string, string>, files?: Parameters<typeof multipart>[1], lang: 'ar' | 'en' = 'en') => {
  const { payload, headers } = multipart(fields, files);
  return ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload, headers: { ...headers, ...bearer(who.access, lang) } });
};
const picture = (bytes: Buffer) => ({ profile_picture: { filename: 'me.png', type: 'image/png', bytes } });

describe('profile picture: pixel limit', () => {
  let user: SignedUp;
  beforeAll(async () => {
    user = await signUp(ctx);
  });

  it('still takes a normal picture', async () => {
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#1e6b52' } }).png().toBuffer();
    const res = await update(user, {}, picture(png));
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_picture).toMatch(/\/media\/avatars\/.+\.webp$/);
  });

  it('refuses a 7999 × 7999 PNG with a field error, without decoding it', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = (await ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(user.access) })).json().profile_picture;
    const started = performance.now();
    const res = await update(user, { bio: 'unchanged?' }, picture(bomb));
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      profile_picture: ['The image is too large: it must be at most 25 megapixels (for example 5000 × 5000 pixels).'],
    });
    // Decoding and resizing it took 0.6 s of a core or more; the header is read in microseconds.
    expect(ms).toBeLessThan(500);
    // Nothing of the update was kept.
    const after = (await ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(user.access) })).json();
    expect(after.profile_picture).toBe(before);
    expect(after.bio).not.toBe('unchanged?');
  });

  it('says so in Arabic', async () => {
    const res = await update(user, {}, picture(bomb), 'ar');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ profile_picture: ['أبعاد الصورة كبيرة جداً: يجب ألا تتجاوز 25 ميغابكسل (مثلاً 5000 × 5000 بكسل).'] });
  });

  it('takes a picture of exactly 25 megapixels', async () => {
    const png = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    const res = await update(user, {}, picture(png));
    expect(res.statusCode).toBe(200);
  }, 30_000);
});

describe('profile updates: rate limit', () => {
  it('answers the 21st update within 10 minutes with a 429, in both languages; other users are unaffected', async () => {
    const busy = await signUp(ctx);
    const other = await signUp(ctx);
    for (let i = 1; i <= 20; i++) {
      const res = await update(busy, { bio: `update ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const limited = await update(busy, { bio: 'one too many' });
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(540);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(limited.json()).toEqual({ detail: `Too many profile updates. Please try again in ${seconds} seconds.` });
    const arabic = await update(busy, { bio: 'one too many' }, undefined, 'ar');
    expect(arabic.statusCode).toBe(429);
    expect(arabic.json().detail).toMatch(/^تحديثات كثيرة جداً للملف الشخصي\. يرجى المحاولة مرة أخرى بعد \d+ ثانية\.$/);
    // The refused update changed nothing.
    const me = (await ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(busy.access) })).json();
    expect(me.bio).toBe('update 20');

    // Another user, from the same address, is not limited by it.
    const res = await update(other, { bio: 'mine' });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe('mine');
  }, 60_000);
});
