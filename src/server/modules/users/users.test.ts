import { createTestContext, bearer, type TestContext } from '../../test/helpers';
import { makeStaff, signUp, type SignedUp } from '../auth/testing';

let ctx: TestContext;
let ahmad: SignedUp;
let aisha: SignedUp;
let omar: SignedUp;
let staff: SignedUp;

beforeAll(async () => {
  ctx = await createTestContext();
  ahmad = await signUp(ctx, { username: 'ahmad_k', first_name: 'Ahmad', last_name: 'Kassem' });
  aisha = await signUp(ctx, { username: 'aisha', first_name: 'عائشة', last_name: 'الحسن' });
  omar = await signUp(ctx, { username: 'Omar_Ahmadi', first_name: 'Omar', last_name: 'Ahmadi' });
  staff = await signUp(ctx, { username: 'moderator', first_name: 'Mod', last_name: 'Erator' });
  await makeStaff(ctx, staff.id);
  // Distinct join dates, so that "newest first" is well defined.
  for (const [i, u] of [ahmad, aisha, omar, staff].entries()) {
    await ctx.db.query(`UPDATE users SET date_joined = now() - make_interval(days => $2) WHERE id = $1`, [u.id, 10 - i]);
  }
});
afterAll(() => ctx.close());

const get = (url: string, who?: SignedUp, lang: 'ar' | 'en' = 'en') =>
  ctx.inject({ url: `/api/v1/auth/${url}`, headers: who ? bearer(who.access, lang) : { 'accept-language': lang } });
const names = (res: { json(): { results: { username: string }[] } }) => res.json().results.map((u) => u.username);

describe('GET /auth/users/', () => {
  it('lists users newest first, without e-mails, paged by 20', async () => {
    const res = await get('users/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 4, next: null, previous: null });
    expect(names(res)).toEqual(['moderator', 'Omar_Ahmadi', 'aisha', 'ahmad_k']);
    for (const u of body.results) {
      expect(u).not.toHaveProperty('email');
      expect(u.is_following).toBeNull();
    }
  });

  it('pages with absolute links, and answers 404 past the end', async () => {
    const first = await get('users/?page_size=3');
    expect(first.json()).toMatchObject({ count: 4, previous: null, next: 'http://localhost/api/v1/auth/users/?page_size=3&page=2' });
    const second = await get('users/?page_size=3&page=2');
    expect(names(second)).toEqual(['ahmad_k']);
    expect(second.json().previous).toBe('http://localhost/api/v1/auth/users/?page_size=3');
    expect((await get('users/?page=9')).statusCode).toBe(404);
    expect((await get('users/?page=0')).statusCode).toBe(400);
    expect((await get('users/?page_size=101')).statusCode).toBe(400);
  });

  it('searches username, first and last name, ignoring case and taking % and _ literally', async () => {
    expect(names(await get('users/?search=AHMAD'))).toEqual(['Omar_Ahmadi', 'ahmad_k']);
    expect(names(await get(`users/?search=${encodeURIComponent('الحسن')}`))).toEqual(['aisha']);
    expect(names(await get('users/?search=kassem'))).toEqual(['ahmad_k']);
    expect(names(await get('users/?search=%25'))).toEqual([]);
    expect(names(await get('users/?search=_a'))).toEqual(['Omar_Ahmadi']);
    expect(names(await get('users/?search=%20%20'))).toHaveLength(4);
  });

  it('filters by is_verified', async () => {
    await ctx.db.query('UPDATE users SET is_verified = true WHERE id = $1', [aisha.id]);
    expect(names(await get('users/?is_verified=true'))).toEqual(['aisha']);
    expect(names(await get('users/?is_verified=false'))).toEqual(['moderator', 'Omar_Ahmadi', 'ahmad_k']);
    expect((await get('users/?is_verified=maybe')).statusCode).toBe(400);
    await ctx.db.query('UPDATE users SET is_verified = false WHERE id = $1', [aisha.id]);
  });

  it('leaves out deactivated accounts', async () => {
    const gone = await signUp(ctx, { username: 'deactivated' });
    await ctx.db.query('UPDATE users SET is_active = false WHERE id = $1', [gone.id]);
    expect(names(await get('users/'))).not.toContain('deactivated');
    expect((await get(`users/${gone.id}/`)).statusCode).toBe(404);
    expect((await get('profiles/deactivated/')).statusCode).toBe(404);
  });
});

describe('GET /auth/users/{id}/', () => {
  it('answers the public profile with counts; is_following null for visitors', async () => {
    const res = await get(`users/${ahmad.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ahmad.id,
      username: 'ahmad_k',
      first_name: 'Ahmad',
      last_name: 'Kassem',
      user_type: 'regular',
      following_count: 0,
      followers_count: 0,
      posts_count: 0,
      is_following: null,
    });
    expect(res.json()).not.toHaveProperty('email');
    expect(res.json()).not.toHaveProperty('is_staff');
  });

  it('tells a signed-in reader whether they follow the user', async () => {
    expect((await get(`users/${ahmad.id}/`, aisha)).json().is_following).toBe(false);
    await ctx.db.query('INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2)', [aisha.id, ahmad.id]);
    const res = (await get(`users/${ahmad.id}/`, aisha)).json();
    expect(res).toMatchObject({ is_following: true, followers_count: 1 });
    await ctx.db.query('DELETE FROM follows');
  });

  it('answers 404 for an unknown user and 400 for an id that is no number', async () => {
    const missing = await get('users/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'User not found.' });
    expect((await get('users/999999/', undefined, 'ar')).json()).toEqual({ detail: 'المستخدم غير موجود.' });
    expect((await get('users/abc/')).statusCode).toBe(400);
    expect((await get('users/0/')).statusCode).toBe(400);
  });
});

describe('GET /auth/profiles/{username}/', () => {
  it('finds a user by username without regard to case', async () => {
    for (const name of ['omar_ahmadi', 'OMAR_AHMADI', 'Omar_Ahmadi']) {
      const res = await get(`profiles/${name}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(omar.id);
    }
  });

  it('answers 404 for an unknown username', async () => {
    const res = await get('profiles/nobody_here/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'User not found.' });
  });
});

describe('GET /auth/search/', () => {
  it('finds users by username or name, the exact username first', async () => {
    const extra = await signUp(ctx, { username: 'ahmad', first_name: 'Ahmad', last_name: 'Nour' });
    const res = await get('search/?q=Ahmad');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['ahmad', 'ahmad_k', 'Omar_Ahmadi']);
    expect(res.json().count).toBe(3);
    await ctx.db.query('DELETE FROM users WHERE id = $1', [extra.id]);
  });

  it('finds nothing for fewer than 2 characters (after trimming)', async () => {
    for (const q of ['', 'a', '%20a%20']) {
      const res = await get(`search/?q=${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
    expect((await get('search/')).json().count).toBe(0);
  });

  it('pages its results', async () => {
    const res = await get('search/?q=ah&page_size=1');
    expect(res.json()).toMatchObject({ count: 2, previous: null });
    expect(res.json().next).toContain('page=2');
    expect((await get('search/?q=ah&page_size=1&page=3')).statusCode).toBe(404);
  });
});

describe('POST /auth/users/{id}/verify/', () => {
  const verify = (id: number, who?: SignedUp, lang: 'ar' | 'en' = 'en') =>
    ctx.inject({ method: 'POST', url: `/api/v1/auth/users/${id}/verify/`, headers: who ? bearer(who.access, lang) : { 'accept-language': lang } });

  it('lets staff verify a user', async () => {
    const res = await verify(omar.id, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: omar.id, is_verified: true, is_following: false });
    expect((await get(`users/${omar.id}/`)).json().is_verified).toBe(true);
    // Verifying again changes nothing.
    expect((await verify(omar.id, staff)).statusCode).toBe(200);
  });

  it('answers 403 to a signed-in user who is not staff', async () => {
    const res = await verify(aisha.id, ahmad);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await verify(aisha.id, ahmad, 'ar')).json()).toEqual({ detail: 'ليس لديك صلاحية للقيام بهذا الإجراء.' });
    expect((await get(`users/${aisha.id}/`)).json().is_verified).toBe(false);
  });

  it('answers 401 to visitors and 404 for an unknown user', async () => {
    const visitor = await verify(aisha.id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('not_authenticated');
    expect((await verify(999999, staff)).statusCode).toBe(404);
  });
});
