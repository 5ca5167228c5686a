import type { VerifiedVersion } from '../../api/postVersions';
import { postsOf, standingOf, verdictOf } from './verdict';

const v = (slug: string, version: number, over: Partial<VerifiedVersion> = {}) => ({ slug, version, is_current: false, post_state: 'in_force', ...over }) as VerifiedVersion;

describe('standingOf', () => {
  it.each([
    [{ post_state: 'in_force', is_current: true }, 'current'],
    [{ post_state: 'in_force', is_current: false }, 'superseded'],
    [{ post_state: 'amended', is_current: true }, 'amended'],
    // An older version of an amended document: that a newer version came out matters first.
    [{ post_state: 'amended', is_current: false }, 'superseded'],
    [{ post_state: 'repealed', is_current: false }, 'repealed'],
    [{ post_state: 'withdrawn', is_current: true }, 'withdrawn'],
    [{ post_state: 'withdrawn', is_current: false }, 'withdrawn'],
  ] as const)('%j is %s', (version, standing) => {
    expect(standingOf(version)).toBe(standing);
  });
});

describe('verdictOf', () => {
  const file = { by: 'sha256', sha256: 'a' } as const;
  const number = { by: 'number', number: '1', organization: 'MOH' } as const;
  const link = { by: 'url', url: 'u' } as const;

  it('says why nothing was looked up, or what was not found, by the way asked', () => {
    expect(verdictOf(link, { by: 'url', reason: 'other_site', matches: [] })).toBe('otherSite');
    expect(verdictOf(link, { by: 'url', reason: 'not_a_post_link', matches: [] })).toBe('notAPost');
    expect(verdictOf(file, { by: 'sha256', reason: null, matches: [] })).toBe('noFile');
    expect(verdictOf(number, { by: 'number', reason: null, matches: [] })).toBe('noNumber');
    expect(verdictOf(link, { by: 'url', reason: null, matches: [] })).toBe('noLink');
  });

  it('says what was found: a file (in one post or several), a document, or several documents for one number', () => {
    expect(verdictOf(file, { by: 'sha256', reason: null, matches: [v('a', 2), v('a', 1)] })).toBe('foundFile');
    expect(verdictOf(file, { by: 'sha256', reason: null, matches: [v('a', 2), v('b', 1)] })).toBe('foundFileSeveral');
    expect(verdictOf(number, { by: 'number', reason: null, matches: [v('a', 2), v('a', 1)] })).toBe('foundDocument');
    expect(verdictOf(number, { by: 'number', reason: null, matches: [v('a', 1), v('b', 1)] })).toBe('foundSeveral');
  });
});

describe('postsOf', () => {
  it("gathers a post's versions under its newest, posts in the answer's order", () => {
    const grouped = postsOf([v('b', 1), v('a', 1), v('a', 3), v('a', 2)]);
    expect(grouped.map((p) => [p.match.slug, p.match.version, p.alsoIn.map((o) => o.version)])).toEqual([
      ['b', 1, []],
      ['a', 3, [2, 1]],
    ]);
  });
});
