import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createTestContext, bearer, type TestContext } from '../../test/helpers';
import { mediaPath, mediaRoot } from '../media/paths';
import { isWebUrl } from '../../../shared/webLink';
import { multipart, signUp, type SignedUp } from './testing';

let ctx: TestContext;
let user: SignedUp;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await signUp(ctx);
});
afterAll(() => ctx.close());

type Files = Parameters<typeof multipart>[1];
const update = (fields: Record<string, string>, files?: Files, who: SignedUp = user, lang: 'ar' | 'en' = 'en') => {
  const { payload, headers } = multipart(fields, files);
  return ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload, headers: { ...headers, ...bearer(who.access, lang) } });
};
const me = async (who: SignedUp = user) => (await ctx.inject({ url: '/api/v1/auth/me/', headers: bearer(who.access) })).json();

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toBuffer();
const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/media\//, ''));
const avatarFiles = () => {
  const dir = path.join(mediaRoot(ctx.config.dataDir), 'avatars');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('PATCH /auth/me/update/ — text fields', () => {
  it('updates only the fields sent, trimmed, and answers the current user', async () => {
    const res = await update({ first_name: ' Layla ', bio: 'Reads every circular.', location: 'Damascus, Syria', website: 'https://layla.example.org/about', twitter: '@layla' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Layla',
      last_name: 'Saleh',
      bio: 'Reads every circular.',
      location: 'Damascus, Syria',
      website: 'https://layla.example.org/about',
      twitter: '@layla',
      facebook: '',
      email: user.email,
    });
    const second = await update({ linkedin: 'in/layla' });
    expect(second.json()).toMatchObject({ first_name: 'Layla', bio: 'Reads every circular.', linkedin: 'in/layla' });
  });

  it('clears an optional field sent empty, and accepts an empty website', async () => {
    const res = await update({ bio: '', website: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bio: '', website: '', location: 'Damascus, Syria' });
  });

  it('ignores fields a user may not set', async () => {
    const res = await update({ is_staff: 'true', is_verified: 'true', email: 'me@evil.example', username: 'root', user_type: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_staff: false, is_verified: false, email: user.email, username: user.username, user_type: 'regular' });
  });

  it('answers 400 for a website that is not an http(s) URL, and changes nothing', async () => {
    for (const website of ['not a url', 'javascript:alert(1)', 'ftp://files.example.org', 'http://', 'https://nodot', 'example.org']) {
      const res = await update({ website, bio: 'should not be saved' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ website: ['Enter a valid URL.'] });
    }
    expect((await me()).bio).toBe('');
    const ar = await update({ website: 'nope' }, undefined, user, 'ar');
    expect(ar.json()).toEqual({ website: ['أدخل رابطاً صالحاً.'] });
  });

  it('answers 400 for names that are blank, and for a bio over 500 characters', async () => {
    const blank = await update({ first_name: '   ', last_name: '\t' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ first_name: ['This field may not be blank.'], last_name: ['This field may not be blank.'] });
    const empty = await update({ last_name: '' });
    expect(empty.json()).toEqual({ last_name: ['This field may not be blank.'] });
    const long = await update({ bio: 'ب'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ bio: ['Ensure this field has no more than 500 characters.'] });
    expect((await update({ bio: 'ب'.repeat(500) })).statusCode).toBe(200);
  });

  it('answers 415 to a JSON body and 401 to visitors', async () => {
    const json = await ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload: { bio: 'x' }, headers: bearer(user.access) });
    expect(json.statusCode).toBe(415);
    const { payload, headers } = multipart({ bio: 'x' });
    const visitor = await ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload, headers });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('PATCH /auth/me/update/ — profile picture', () => {
  it('accepts a real PNG, stores it re-encoded as WebP of at most 512 px and serves it at its URL', async () => {
    const res = await update({ first_name: 'Layla' }, { profile_picture: { filename: 'me.png', type: 'image/png', bytes: await png(1200, 900) } });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().profile_picture;
    expect(url).toMatch(new RegExp(`^http://localhost(:80)?/media/avatars/${user.id}-[0-9a-f]{16}\\.webp$`));
    const [row] = await ctx.db.query<{ profile_picture: string }>('SELECT profile_picture FROM users WHERE id = $1', [user.id]);
    expect(row.profile_picture).toBe(keyOf(url));

    const served = await ctx.inject({ url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });

    expect((await me()).profile_picture).toBe(url);
    const seen = (await ctx.inject({ url: `/api/v1/auth/users/${user.id}/` })).json();
    expect(seen.profile_picture).toBe(url);
  });

  it('accepts JPEG and WebP too, whatever the file is called, and removes the previous file', async () => {
    const before = (await me()).profile_picture as string;
    const jpeg = await sharp(await png(300, 300)).jpeg().toBuffer();
    const res = await update({}, { profile_picture: { filename: 'photo.bin', type: 'application/octet-stream', bytes: jpeg } });
    expect(res.statusCode).toBe(200);
    const after = res.json().profile_picture as string;
    expect(after).not.toBe(before);
    expect(existsSync(mediaPath(ctx.config.dataDir, keyOf(before)))).toBe(false);
    expect(existsSync(mediaPath(ctx.config.dataDir, keyOf(after)))).toBe(true);

    const webp = await sharp(await png(64, 64)).webp().toBuffer();
    const third = await update({}, { profile_picture: { filename: 'a.webp', type: 'image/webp', bytes: webp } });
    expect(third.statusCode).toBe(200);
    expect(avatarFiles()).toEqual([path.basename(keyOf(third.json().profile_picture))]);
  });

  it('keeps the file when the same picture is sent again', async () => {
    const bytes = await png(100, 100);
    const a = (await update({}, { profile_picture: { filename: 'x.png', type: 'image/png', bytes } })).json().profile_picture;
    const b = (await update({}, { profile_picture: { filename: 'x.png', type: 'image/png', bytes } })).json().profile_picture;
    expect(b).toBe(a);
    expect(existsSync(mediaPath(ctx.config.dataDir, keyOf(a)))).toBe(true);
  });

  it('answers 400 for a text file named .png, an SVG, a GIF or a truncated image, and changes nothing', async () => {
    const current = (await me()).profile_picture;
    const full = await png(200, 200);
    const gif = await sharp(full).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    for (const bytes of [Buffer.from('just some text, honestly'), svg, gif, full.subarray(0, 60), Buffer.alloc(0)]) {
      const res = await update({ bio: 'not saved' }, { profile_picture: { filename: 'evil.png', type: 'image/png', bytes } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ profile_picture: ['Upload a valid image: JPEG, PNG or WebP.'] });
    }
    const after = await me();
    expect(after.profile_picture).toBe(current);
    expect(after.bio).not.toBe('not saved');
    const ar = await update({}, { profile_picture: { filename: 'a.png', type: 'image/png', bytes: Buffer.from('text') } }, user, 'ar');
    expect(ar.json()).toEqual({ profile_picture: ['يرجى رفع صورة صالحة بصيغة JPEG أو PNG أو WebP.'] });
  });

  it('reports a bad picture together with bad text fields', async () => {
    const res = await update({ website: 'nope' }, { profile_picture: { filename: 'a.png', type: 'image/png', bytes: Buffer.from('text') } });
    expect(res.json()).toEqual({ website: ['Enter a valid URL.'], profile_picture: ['Upload a valid image: JPEG, PNG or WebP.'] });
  });

  it('answers 413 with the avatar message for an image over 5 MB, and changes nothing', async () => {
    const current = (await me()).profile_picture;
    // Noise does not compress: 1600 × 1200 × 3 bytes of it make a PNG of about 5.8 MB.
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
    const big = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await update({ bio: 'not saved either' }, { profile_picture: { filename: 'big.png', type: 'image/png', bytes: big } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The image must be 5 MB or smaller.' });
    const ar = await update({}, { profile_picture: { filename: 'big.png', type: 'image/png', bytes: big } }, user, 'ar');
    expect(ar.json()).toEqual({ detail: 'يجب ألا يتجاوز حجم الصورة 5 ميغابايت.' });
    const after = await me();
    expect(after.profile_picture).toBe(current);
    expect(after.bio).not.toBe('not saved either');
  });

  it('removes the picture when profile_picture is sent as empty text', async () => {
    const current = (await me()).profile_picture as string;
    expect(current).not.toBeNull();
    const res = await update({ profile_picture: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_picture).toBeNull();
    expect(existsSync(mediaPath(ctx.config.dataDir, keyOf(current)))).toBe(false);
    const text = await update({ profile_picture: 'https://elsewhere.example/me.png' });
    expect(text.statusCode).toBe(400);
  });

  it('leaves the data and files as they were when the database write fails', async () => {
    const other = await signUp(ctx);
    await update({}, { profile_picture: { filename: 'a.png', type: 'image/png', bytes: await png(50, 50) } }, other);
    const before = await me(other);
    const files = avatarFiles();
    const spy = jest.spyOn(ctx.db, 'transaction').mockRejectedValueOnce(new Error('database went away'));
    // Straight through app.inject: a 500 is, rightly, not in the contract.
    const { payload, headers } = multipart({ bio: 'lost' }, { profile_picture: { filename: 'b.png', type: 'image/png', bytes: await png(60, 60) } });
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload, headers: { ...headers, ...bearer(other.access) } });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'An unexpected error occurred', request_id: res.headers['x-request-id'] });
    expect(await me(other)).toEqual(before);
    expect(avatarFiles().sort()).toEqual(files.sort());
  });
});

describe('isWebUrl', () => {
  it('accepts http(s) URLs with a host name, refuses the rest', () => {
    for (const ok of ['https://gov.sy', 'http://localhost:8080/x', 'https://موقع.example/مسار', 'https://a.b.c/d?e=f#g']) expect(isWebUrl(ok)).toBe(true);
    for (const bad of ['', 'gov.sy', 'mailto:a@b.c', 'https://exa mple.com', 'https://', 'data:text/html,hi', 'https://singlelabel']) expect(isWebUrl(bad)).toBe(false);
  });
});
