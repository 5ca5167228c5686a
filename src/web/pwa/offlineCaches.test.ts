import { MEDIA, NOT_A_PAGE, POST_ANSWER, postAnswerPath, postSlugOf, PRIVATE_KEPT, PUBLIC_LIST, UNKEPT_PAGE } from './offlineCaches';

/** What the service worker keeps is decided by these tests of a request's path (src/web/sw/sw.ts). */
describe('what the service worker keeps, by path', () => {
  it('keeps public lists stale-while-revalidate, not a post, its versions, bookmarks or the workspace', () => {
    for (const path of [
      '/api/v1/content/posts/',
      '/api/v1/content/search/',
      '/api/v1/content/categories/',
      '/api/v1/content/post-types/',
      '/api/v1/content/hashtags/',
      '/api/v1/content/hashtags/trending/',
      '/api/v1/content/hashtags/vision2030/posts/',
      '/api/v1/producers/organizations/',
      '/api/v1/producers/organizations/MOH/posts/',
    ])
      expect([path, PUBLIC_LIST.test(path)]).toEqual([path, true]);
    for (const path of [
      '/api/v1/content/posts/a-post/',
      '/api/v1/content/posts/a-post/versions/',
      '/api/v1/content/bookmarks/',
      '/api/v1/studio/posts/',
      '/api/v1/auth/me/',
      '/api/v1/alerts/subscriptions/',
      '/api/v1/content/verify/',
    ])
      expect([path, PUBLIC_LIST.test(path)]).toEqual([path, false]);
  });

  it("keeps of a signed-in reader's answers only the bookmarks and the reader", () => {
    for (const path of ['/api/v1/content/bookmarks/', '/api/v1/content/bookmarks/12/', '/api/v1/auth/me/']) expect(PRIVATE_KEPT.test(path)).toBe(true);
    for (const path of ['/api/v1/auth/me/update/', '/api/v1/auth/login/', '/api/v1/auth/token/refresh/', '/api/v1/studio/me/', '/api/v1/alerts/subscriptions/', '/api/v1/content/bookmarks/12/x/'])
      expect([path, PRIVATE_KEPT.test(path)]).toEqual([path, false]);
  });

  it("a post's own answer and page, by slug (Arabic slugs too)", () => {
    expect(POST_ANSWER.test('/api/v1/content/posts/a-post/')).toBe(true);
    expect(POST_ANSWER.test('/api/v1/content/posts/a-post/bookmark/')).toBe(false);
    expect(postSlugOf('/post/a-post')).toBe('a-post');
    expect(postSlugOf('/post/a-post/')).toBe('a-post');
    expect(postSlugOf('/post/a-post/print')).toBeNull();
    expect(postSlugOf(`/post/${encodeURIComponent('قرار-رقم-5')}`)).toBe('قرار-رقم-5');
    expect(postSlugOf(postAnswerPath('قرار-رقم-5'))).toBe('قرار-رقم-5');
    expect(postSlugOf('/post/%E0%A4%A')).toBeNull();
  });

  it('never keeps the workspace, signing in, password or alert pages', () => {
    for (const path of ['/studio', '/studio/posts/3', '/login', '/signup', '/forgot-password', '/reset-password', '/alerts/confirm', '/settings']) expect(UNKEPT_PAGE.test(path)).toBe(true);
    for (const path of ['/', '/explore', '/post/x', '/bookmarks', '/offline', '/studios-of-art']) expect(UNKEPT_PAGE.test(path)).toBe(false);
    expect(MEDIA.test('/media/attachments/a.pdf')).toBe(true);
  });

  it('tells a page from a file, as the server does (a feed, open data, the keys, a manifest)', () => {
    for (const path of ['/feeds/posts.atom', '/data/manifest.json', '/data/', '/.well-known/qarar-keys.json', '/manifest.webmanifest', '/media/a.png', '/api/v1/content/posts/', '/sw.js'])
      expect([path, NOT_A_PAGE.test(path)]).toEqual([path, true]);
    for (const path of ['/', '/post/a-post', '/organizations/MOH', '/offline', '/dataset-of-decisions']) expect([path, NOT_A_PAGE.test(path)]).toEqual([path, false]);
  });
});
