import { REDACTED, actionSanitizer, redact, stateSanitizer } from './redact';

describe('redact', () => {
  it('replaces tokens and passwords at any depth, including RTK Query meta.arg.originalArgs', () => {
    const action = {
      type: 'api/executeMutation/pending',
      meta: {
        arg: {
          endpointName: 'login',
          originalArgs: { loginRequest: { username: 'rana', password: 'hunter22' } },
        },
      },
    };
    expect(actionSanitizer(action)).toEqual({
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'login', originalArgs: { loginRequest: { username: 'rana', password: REDACTED } } } },
    });
    expect(action.meta.arg.originalArgs.loginRequest.password).toBe('hunter22'); // never mutated
  });

  it('covers every secret key of the contract', () => {
    const input = {
      access: 'a',
      refresh: 'r',
      token: 't',
      password: 'p',
      password2: 'p2',
      old_password: 'o',
      new_password: 'n',
      list: [{ access: 'x', keep: 1 }],
    };
    expect(redact(input)).toEqual({
      access: REDACTED,
      refresh: REDACTED,
      token: REDACTED,
      password: REDACTED,
      password2: REDACTED,
      old_password: REDACTED,
      new_password: REDACTED,
      list: [{ access: REDACTED, keep: 1 }],
    });
  });

  it('keeps null secrets visible (signed out) and leaves clean parts untouched', () => {
    const prefs = { theme: 'dark', autoRefreshPosts: true };
    const state = { session: { access: null, refresh: null, user: null }, preferences: prefs };
    const out = stateSanitizer(state);
    expect(out).toBe(state);
    expect(out.preferences).toBe(prefs);
  });

  it('redacts the session, the api cache and a login answer in state', () => {
    const state = {
      session: { access: 'jwt-a', refresh: 'jwt-r', user: { id: 1, username: 'rana' }, notice: null },
      api: { mutations: { abc: { data: { access: 'jwt-a', refresh: 'jwt-r', user: { id: 1 } } } } },
    };
    const out = stateSanitizer(state);
    expect(out.session).toEqual({ access: REDACTED, refresh: REDACTED, user: { id: 1, username: 'rana' }, notice: null });
    expect(out.api.mutations.abc.data).toEqual({ access: REDACTED, refresh: REDACTED, user: { id: 1 } });
  });

  it('describes files instead of carrying them', () => {
    const out = redact({ profile_picture: new Blob(['abc'], { type: 'image/png' }) });
    expect(out.profile_picture).toBe('[file image/png 3 bytes]');
  });
});
