import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { registerReader, setup, waitForAppOnLoad, type Harness } from './harness';

/** Seconds an access token lives on this file's own server: each round below outlives one. */
const ACCESS_TTL = 5;
const ROUNDS = 3;

describe('two tabs of one reader', () => {
  let h: Harness;
  before(async () => {
    h = await setup({ serverEnv: { ACCESS_TOKEN_TTL: String(ACCESS_TTL) } });
  });
  after(async () => {
    await h?.close();
  });

  /** The reader's guarded page, loaded signed in: its heading, not /login. */
  async function signedInOnBookmarks(page: Page, label: string) {
    await page.getByRole('heading', { level: 1, name: 'المحفوظات' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/bookmarks', `${label} is still on /bookmarks`);
  }

  test(`reloading both tabs at once after the access token expired keeps both signed in (${ROUNDS} rounds)`, async (t) => {
    const reader = await registerReader(h.baseURL, 'tabs', { first_name: 'ريم', last_name: 'العتيبي' });
    const first = await h.newPage();
    await h.signInAs(first, reader.username, reader.password);
    await first.goto('/bookmarks');
    await signedInOnBookmarks(first, 'the first tab');
    // A second tab of the same browser: the same localStorage, so the same stored session.
    const second = await first.context().newPage();
    waitForAppOnLoad(second);
    const errors: string[] = [];
    second.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await second.goto('/bookmarks');
    await signedInOnBookmarks(second, 'the second tab');

    // Every answer to a refresh, in either tab: a 401 there is what used to sign the reader out.
    const refreshes: number[] = [];
    const watch = (res: Response) => {
      if (res.url().includes('/api/v1/auth/token/refresh/')) refreshes.push(res.status());
    };
    first.on('response', watch);
    second.on('response', watch);

    for (let round = 1; round <= ROUNDS; round++) {
      await new Promise((r) => setTimeout(r, (ACCESS_TTL + 1.5) * 1000));
      // Each tab's reader is fetched again on load: with the stored access token expired, that
      // is a 401, a renewal, and the call again. Both must end in a 200.
      const current = [first, second].map((page) =>
        page.waitForResponse((res) => res.url().includes('/api/v1/auth/me/') && res.status() === 200, { timeout: 20_000 }),
      );
      await Promise.all([first.reload(), second.reload()]);
      await Promise.all(current);
      await signedInOnBookmarks(first, `the first tab, round ${round}`);
      await signedInOnBookmarks(second, `the second tab, round ${round}`);
    }
    t.diagnostic(`refresh answers: ${refreshes.join(', ')}`);
    assert.ok(refreshes.length >= ROUNDS, `renewed at least once a round (${refreshes.join(', ')})`);
    assert.deepEqual(refreshes.filter((status) => status !== 200), [], 'no refresh was refused');

    // The session goes on: the reader's card (name) is in the side menu.
    await second.reload();
    await signedInOnBookmarks(second, 'the second tab at the end');
    await second.getByRole('group', { name: /ريم العتيبي/ }).waitFor();
    // And through the API: the stored refresh token is the session's live one.
    const stored = await first.evaluate(() => {
      const outer = JSON.parse(localStorage.getItem('qarar:session') ?? '{}');
      return { access: JSON.parse(outer.access) as string, refresh: JSON.parse(outer.refresh) as string };
    });
    const renewed = await fetch(`${h.baseURL}/api/v1/auth/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: stored.refresh }),
    });
    assert.equal(renewed.status, 200, 'the stored refresh token is still the live one');
    const { access } = (await renewed.json()) as { access: string };
    const me = await fetch(`${h.baseURL}/api/v1/auth/me/`, { headers: { authorization: `Bearer ${access}` } });
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { username: string }).username, reader.username);

    // The expired access tokens' 401s are expected (the browser logs each); nothing else.
    const expected401 = /Failed to load resource: the server responded with a status of 401/;
    assert.deepEqual([...h.errorsOf(first), ...errors].filter((e) => !expected401.test(e)), []);
  });
});
