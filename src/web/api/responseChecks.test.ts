import { checkHashtag, checkPagedList, pagedListError, sameQuery } from './responseChecks';

describe('§5 response checks', () => {
  it('a list answer must be an object', () => {
    for (const data of [null, undefined, 'text', 42, [], [{ id: 1 }]]) {
      expect(checkPagedList(data)).toBe('errors.invalidResponse');
    }
  });

  it('a list answer must carry a results array', () => {
    expect(checkPagedList({ count: 3 })).toBe('errors.missingResults');
    expect(checkPagedList({ count: 3, results: null })).toBe('errors.missingResults');
    expect(checkPagedList({ count: 3, results: { 0: 'a' } })).toBe('errors.missingResults');
    expect(checkPagedList({ count: 0, next: null, results: [] })).toBeUndefined();
  });

  it('the hashtag detail must carry the hashtag', () => {
    for (const data of [null, undefined, '', [], {}, { detail: 'ok' }, { hashtag: { name: 'x', slug: 'x' } }, { name: '', slug: 'x' }]) {
      expect(checkHashtag(data)).toBe('errors.hashtagMissing');
    }
    expect(checkHashtag({ id: 1, name: 'القرار', slug: 'القرار' })).toBeUndefined();
  });

  it('treats pages of one query as the same query', () => {
    expect(sameQuery({ pageSize: 20, search: 'x', page: 3 }, { pageSize: 20, search: 'x' })).toBe(true);
    expect(sameQuery({ pageSize: 20, page: 1, search: undefined }, { pageSize: 20 })).toBe(true);
    expect(sameQuery({ pageSize: 20, search: 'y' }, { pageSize: 20, search: 'x' })).toBe(false);
    expect(sameQuery({ pageSize: 100 }, { pageSize: 20 })).toBe(false);
    expect(sameQuery({ pageSize: 20, search: 'x' }, { pageSize: 20 })).toBe(false);
  });

  it('reports the first malformed loaded page of the query, ignoring other queries and pending pages', () => {
    const entries = new Map<object, { isSuccess: boolean; data?: unknown }>();
    const p1 = { pageSize: 20, page: 1 };
    const p2 = { pageSize: 20, page: 2 };
    const other = { pageSize: 20, search: 'x', page: 1 };
    const pending = { pageSize: 20, page: 3 };
    entries.set(p1, { isSuccess: true, data: { count: 40, results: [] } });
    entries.set(p2, { isSuccess: true, data: { count: 40 } });
    entries.set(other, { isSuccess: true, data: 'bad' });
    entries.set(pending, { isSuccess: false });
    const entryOf = (arg: object) => entries.get(arg)!;

    expect(pagedListError([p1, other, pending], { pageSize: 20 }, entryOf)).toBeUndefined();
    expect(pagedListError([p1, p2, other, pending], { pageSize: 20 }, entryOf)).toBe('errors.missingResults');
    expect(pagedListError([p1, other], { pageSize: 20, search: 'x' }, entryOf)).toBe('errors.invalidResponse');
    expect(pagedListError([], { pageSize: 20 }, entryOf)).toBeUndefined();
  });
});
