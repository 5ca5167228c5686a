import { createTestContext, bearer, type TestContext } from '../../test/helpers';
import { signUp, type SignedUp } from '../auth/testing';

let ctx: TestContext;
let huda: SignedUp;
let karim: SignedUp;
let sara: SignedUp;

beforeAll(async () => {
  ctx = await createTestContext();
  huda = await signUp(ctx, { username: 'huda' });
  karim = await signUp(ctx, { username: 'karim' });
  sara = await signUp(ctx, { username: 'sara' });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: SignedUp, payload?: object, lang: 'ar' | 'en' = 'en') =>
  ctx.inject({ method, url: `/api/v1/auth/${url}`, payload, headers: who ? bearer(who.access, lang) : { 'accept-language': lang } });

describe('interests', () => {
  it('adds (201), lists in the order added, and answers an existing one (200) for a duplicate ignoring case', async () => {
    const first = await call('POST', 'interests/', huda, { name: '  Economy ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Economy' });
    const second = await call('POST', 'interests/', huda, { name: 'التعليم' });
    expect(second.statusCode).toBe(201);
    const again = await call('POST', 'interests/', huda, { name: 'ECONOMY' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const list = await call('GET', 'interests/', huda);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((i: { name: string }) => i.name)).toEqual(['Economy', 'التعليم']);
  });

  it('keeps each user\'s list apart', async () => {
    expect((await call('GET', 'interests/', karim)).json()).toEqual([]);
    expect((await call('POST', 'interests/', karim, { name: 'economy' })).statusCode).toBe(201);
  });

  it('refuses a blank or over-long name', async () => {
    const blank = await call('POST', 'interests/', huda, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const empty = await call('POST', 'interests/', huda, { name: '' }, 'ar');
    expect(empty.json()).toEqual({ name: ['لا يمكن ترك هذا الحقل فارغاً.'] });
    expect((await call('POST', 'interests/', huda, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await call('POST', 'interests/', huda, {})).statusCode).toBe(400);
  });

  it('deletes one\'s own interest (204); another user\'s or an unknown one is 404', async () => {
    const [economy] = (await call('GET', 'interests/', huda)).json();
    const theirs = await call('DELETE', `interests/${economy.id}/`, karim);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Not found.' });
    const mine = await call('DELETE', `interests/${economy.id}/`, huda);
    expect(mine.statusCode).toBe(204);
    expect(mine.body).toBe('');
    expect((await call('DELETE', `interests/${economy.id}/`, huda)).statusCode).toBe(404);
    expect((await call('GET', 'interests/', huda)).json().map((i: { name: string }) => i.name)).toEqual(['التعليم']);
    expect((await call('DELETE', 'interests/abc/', huda)).statusCode).toBe(400);
  });

  it('answers 401 to visitors', async () => {
    expect((await call('GET', 'interests/')).statusCode).toBe(401);
    expect((await call('POST', 'interests/', undefined, { name: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', 'interests/1/')).statusCode).toBe(401);
  });
});

describe('POST /auth/users/{id}/follow/', () => {
  it('follows, then unfollows on the second call, answering the state and the count', async () => {
    const follow = await call('POST', `users/${karim.id}/follow/`, huda);
    expect(follow.statusCode).toBe(200);
    expect(follow.json()).toEqual({ following: true, followers_count: 1, detail: 'You are now following this user.' });
    const other = await call('POST', `users/${karim.id}/follow/`, sara, undefined, 'ar');
    expect(other.json()).toEqual({ following: true, followers_count: 2, detail: 'أنت الآن تتابع هذا المستخدم.' });
    const unfollow = await call('POST', `users/${karim.id}/follow/`, huda);
    expect(unfollow.json()).toEqual({ following: false, followers_count: 1, detail: 'You are no longer following this user.' });
    const back = await call('POST', `users/${karim.id}/follow/`, huda);
    expect(back.json().following).toBe(true);
  });

  it('refuses following oneself with 400', async () => {
    const res = await call('POST', `users/${huda.id}/follow/`, huda);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'You cannot follow yourself.' });
    expect((await call('POST', `users/${huda.id}/follow/`, huda, undefined, 'ar')).json()).toEqual({ detail: 'لا يمكنك متابعة نفسك.' });
  });

  it('answers 404 for an unknown user and 401 to visitors', async () => {
    const missing = await call('POST', 'users/999999/follow/', huda);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'User not found.' });
    expect((await call('POST', `users/${karim.id}/follow/`)).statusCode).toBe(401);
  });

  it('shows in the counts of both users', async () => {
    expect((await call('GET', `users/${karim.id}/`)).json()).toMatchObject({ followers_count: 2, following_count: 0 });
    expect((await call('GET', `users/${huda.id}/`)).json()).toMatchObject({ followers_count: 0, following_count: 1 });
    expect((await call('GET', 'me/', huda)).json()).toMatchObject({ following_count: 1 });
  });
});

describe('followers and following', () => {
  it('lists a user\'s followers, most recent first, with is_following for the reader', async () => {
    // karim is followed by sara (first) and huda (again, later).
    const res = await call('GET', `users/${karim.id}/followers/`, sara);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(res.json().results.map((u: { username: string }) => u.username)).toEqual(['huda', 'sara']);
    expect(res.json().results.map((u: { is_following: boolean }) => u.is_following)).toEqual([false, false]);
    const visitor = await call('GET', `users/${karim.id}/followers/`);
    expect(visitor.json().results[0].is_following).toBeNull();
    expect(visitor.json().results[0]).not.toHaveProperty('email');
  });

  it('lists whom a user follows, most recent first', async () => {
    await call('POST', `users/${sara.id}/follow/`, huda);
    const res = await call('GET', `users/${huda.id}/following/`);
    expect(res.json().results.map((u: { username: string }) => u.username)).toEqual(['sara', 'karim']);
    expect((await call('GET', `users/${karim.id}/following/`)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('pages, and answers 404 past the end', async () => {
    const first = await call('GET', `users/${huda.id}/following/?page_size=1`);
    expect(first.json()).toMatchObject({ count: 2, previous: null });
    expect(first.json().next).toMatch(/page=2/);
    expect((await call('GET', `users/${huda.id}/following/?page_size=1&page=3`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown user', async () => {
    for (const list of ['followers', 'following']) {
      const res = await call('GET', `users/999999/${list}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'User not found.' });
    }
  });

  it('leaves deactivated accounts out of the lists and the counts', async () => {
    await ctx.db.query('UPDATE users SET is_active = false WHERE id = $1', [sara.id]);
    const res = await call('GET', `users/${karim.id}/followers/`);
    expect(res.json().results.map((u: { username: string }) => u.username)).toEqual(['huda']);
    expect((await call('GET', `users/${karim.id}/`)).json().followers_count).toBe(1);
    expect((await call('POST', `users/${sara.id}/follow/`, karim)).statusCode).toBe(404);
    await ctx.db.query('UPDATE users SET is_active = true WHERE id = $1', [sara.id]);
  });
});
