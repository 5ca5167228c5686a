import { createTestContext, type TestContext } from '../../test/helpers';
import { multipart, signUp } from './testing';
import { withoutBidiControls } from '../../text/control-characters';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const RLO = '\u202E';
const stored = async (id: number) =>
  (await ctx.db.query<Record<string, string>>('SELECT first_name, last_name, bio, location, twitter FROM users WHERE id = $1', [id]))[0];

describe('bidirectional controls in names and profile text', () => {
  it('strips embeddings, overrides and isolates, and keeps the direction marks', () => {
    expect(withoutBidiControls('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069')).toBe('abcdefgh');
    expect(withoutBidiControls('\u200Fمحمد\u200E 2\u061C')).toBe('\u200Fمحمد\u200E 2\u061C');
  });

  it('stores a registered name without U+202E', async () => {
    const user = await signUp(ctx, { first_name: `Huda${RLO}moc.live`, last_name: `${RLO}Saleh\u2066` });
    expect(await stored(user.id)).toMatchObject({ first_name: 'Hudamoc.live', last_name: 'Saleh' });
    const me = await ctx.inject({ url: '/api/v1/auth/me/', headers: { authorization: `Bearer ${user.access}` } });
    expect(me.json()).toMatchObject({ first_name: 'Hudamoc.live', last_name: 'Saleh' });
  });

  it('refuses a name made only of controls as blank, in the reader language', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      headers: { 'accept-language': 'en' },
      payload: { username: 'controls_only', email: 'controls@example.com', password: 'Sturdy-Kettle-42', password2: 'Sturdy-Kettle-42', first_name: `${RLO}\u2067`, last_name: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: ['This field may not be blank.'] });
  });

  it('stores an updated profile without them', async () => {
    const user = await signUp(ctx);
    const { payload, headers } = multipart({
      first_name: `${RLO}نورة`,
      last_name: '\u202Bالحربي\u202C',
      bio: `line one ${RLO}\nline two`,
      location: '\u2068جدة\u2069',
      twitter: `${RLO}handle`,
    });
    const res = await ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload, headers: { ...headers, authorization: `Bearer ${user.access}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'نورة', last_name: 'الحربي', location: 'جدة', twitter: 'handle' });
    expect(await stored(user.id)).toEqual({ first_name: 'نورة', last_name: 'الحربي', bio: 'line one \nline two', location: 'جدة', twitter: 'handle' });

    const blank = multipart({ last_name: RLO });
    const refused = await ctx.inject({ method: 'PATCH', url: '/api/v1/auth/me/update/', payload: blank.payload, headers: { ...blank.headers, authorization: `Bearer ${user.access}`, 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ last_name: ['This field may not be blank.'] });
  });
});
