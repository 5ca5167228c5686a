import { SCREEN_PATTERNS, screenRegExpSource } from './routes';

describe('screenRegExpSource', () => {
  it('writes the patterns the preload manifest has always held', () => {
    expect(screenRegExpSource('/')).toBe('^/$');
    expect(screenRegExpSource('/explore')).toBe('^/explore/?$');
    expect(screenRegExpSource('/post/:slug/*')).toBe('^/post/[^/]+/?$');
    expect(screenRegExpSource('/organizations/:code')).toBe('^/organizations/[^/]+/?$');
  });

  it('matches a screen\'s own paths and not the ones beside or below it', () => {
    const post = new RegExp(screenRegExpSource('/post/:slug/*'));
    expect(['/post/a-b', '/post/a-b/', '/post/%D9%82'].every((p) => post.test(p))).toBe(true);
    expect(['/post', '/post/', '/post/a/versions/2', '/posts/a'].some((p) => post.test(p))).toBe(false);
    for (const pattern of SCREEN_PATTERNS) expect(() => new RegExp(screenRegExpSource(pattern))).not.toThrow();
  });
});
