import { closed, closeWith, openObject, withResults } from './json-splice';

describe('JSON spliced from texts', () => {
  const post = { id: 1, title: 'قرار "مهم"', tags: ['a', 'b'], nested: { x: null } };

  it('is the JSON of the same object serialized whole', () => {
    const open = openObject(post);
    expect(closed(open)).toBe(JSON.stringify(post));
    const fresh = { view_count: 7, is_bookmarked: false, bookmark_id: null, match: { snippet: '<mark>قرار</mark>' } };
    expect(closeWith(open, fresh)).toBe(JSON.stringify({ ...post, ...fresh }));
    const envelope = { count: 2, next: null, previous: 'http://x/?page=1' };
    expect(withResults(envelope, [closed(open), closed(open)])).toBe(JSON.stringify({ ...envelope, results: [post, post] }));
  });

  it('leaves out fields that are undefined, as JSON.stringify does', () => {
    expect(closeWith(openObject({ a: 1 }), { b: undefined, c: 2 })).toBe('{"a":1,"c":2}');
  });
});
