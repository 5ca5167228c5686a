import { parsePostSlug, parseVersion, postLoadProblem, postShareText, SHARE_TEXT_FALLBACK_LENGTH } from './postRules';

describe('parsePostSlug (spec §5)', () => {
  it.each([
    ['moe-decision-2026-1', 'moe-decision-2026-1'],
    ['%D9%82%D8%B1%D8%A7%D8%B1-1', 'قرار-1'],
    ['قرار-1', 'قرار-1'],
    ['/moe-decision-2026-1/', 'moe-decision-2026-1'],
    ['%2Fmoe-decision%2F%2F', 'moe-decision'],
    [' moe-decision ', 'moe-decision'],
    // A malformed escape is kept as typed rather than failing the page.
    ['100%-sure', '100%-sure'],
  ])('reads %j as %j', (raw, slug) => {
    expect(parsePostSlug(raw)).toBe(slug);
  });

  it.each([undefined, '', '/', '%2F%2F', '  '])('finds no slug in %j', (raw) => {
    expect(parsePostSlug(raw)).toBeUndefined();
  });
});

describe('postLoadProblem (spec §8)', () => {
  it('says not found for a 404, whatever the message', () => {
    expect(postLoadProblem({ status: 404, message: 'المنشور غير موجود' })).toEqual({ titleKey: 'post.notFound' });
  });

  it.each(['Request failed with 404', 'Resource not found', 'Post Not Found'])('says not found for the message %j', (message) => {
    expect(postLoadProblem({ status: 500, message })).toEqual({ titleKey: 'post.notFound' });
  });

  it('says the reader may not see it for a 403', () => {
    expect(postLoadProblem({ status: 403, message: 'Access denied' })).toEqual({ titleKey: 'post.forbidden' });
  });

  it('shows another message as it is', () => {
    expect(postLoadProblem({ status: 500, message: 'An unexpected error occurred' })).toEqual({
      titleKey: 'post.errorLoading',
      message: 'An unexpected error occurred',
    });
  });

  it.each([undefined, {}, { status: 500, message: '  ' }, { message: 42 }])('falls back to "Error loading post" for %j', (error) => {
    expect(postLoadProblem(error)).toEqual({ titleKey: 'post.errorLoading' });
  });
});

describe('postShareText (spec §9)', () => {
  it('shares the summary when there is one', () => {
    expect(postShareText('  الملخص  ', 'المحتوى')).toBe('الملخص');
  });

  it('falls back to the first 100 characters of the content', () => {
    const content = 'ق'.repeat(150);
    expect(postShareText('', content)).toBe('ق'.repeat(SHARE_TEXT_FALLBACK_LENGTH));
    expect(SHARE_TEXT_FALLBACK_LENGTH).toBe(100);
  });

  it('keeps short content whole and never splits a character in two', () => {
    expect(postShareText(' ', 'short')).toBe('short');
    const emoji = '😀'.repeat(120);
    expect(Array.from(postShareText('', emoji))).toHaveLength(100);
  });
});

describe('parseVersion (issue 14 version pages)', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    ['007', 7],
  ])('reads %j as version %j', (raw, version) => {
    expect(parseVersion(raw)).toBe(version);
  });

  it.each([undefined, '', '0', '-1', '2.5', '1e3', ' 2', 'abc', '١'])('finds no version in %j', (raw) => {
    expect(parseVersion(raw)).toBeUndefined();
  });
});
