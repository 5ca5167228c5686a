import { readFileSync } from 'node:fs';
import path from 'node:path';
import { actionsOf, replayTrace } from './replay-trace';

const fixture = readFileSync(path.join(__dirname, 'fixtures', 'devtools-trace.json'), 'utf8');

describe('replay-trace', () => {
  it('reads the DevTools export in staged order, leaving out skipped actions', () => {
    expect(actionsOf(fixture).map((a) => a.type)).toEqual([
      '@@INIT',
      'persist/PERSIST',
      'persist/REHYDRATE',
      'session/signedIn',
      'preferences/themeChanged',
      'session/sessionEnded',
    ]);
  });

  it('replays the trace through the real reducers', () => {
    const state = replayTrace(fixture);
    // REHYDRATE restored dark/en, then the reader chose light; the skipped sidebar toggle is not applied.
    expect(state.preferences).toMatchObject({ theme: 'light', language: 'en', sidebarCollapsed: false, autoRefreshPosts: true });
    expect(state.session).toMatchObject({ access: null, refresh: null, user: null, notice: 'authFailed' });
    expect(state.api).toMatchObject({ queries: {}, mutations: {} });
  });

  it('accepts the wrapped export and a plain array of actions', () => {
    expect(replayTrace({ payload: fixture }).session.notice).toBe('authFailed');
    const state = replayTrace([
      { type: 'preferences/languageChanged', payload: 'en' },
      { type: 'session/tokensRefreshed', payload: { access: '[redacted]', refresh: '[redacted]' } },
    ]);
    expect(state.preferences.language).toBe('en');
    expect(state.session).toMatchObject({ access: '[redacted]', refresh: '[redacted]' });
  });

  it('refuses what is not a trace', () => {
    expect(() => replayTrace({ hello: 'world' })).toThrow(/DevTools export/);
  });
});
