import type { ApiAnswer } from '../ssr';
import { ViewsSeen } from './views-seen';

const answer = (body: unknown, status = 200, type = 'application/json; charset=utf-8'): ApiAnswer => ({
  status,
  headers: [['content-type', type]],
  body: new Uint8Array(Buffer.from(JSON.stringify(body))),
});

describe('the view counts a drawing was shown', () => {
  it('are read from a post and from a page of posts, the lower count when shown twice', () => {
    const seen = new ViewsSeen();
    seen.read(answer({ id: 1, view_count: 10, title: 'x' }));
    seen.read(answer({ count: 2, next: null, results: [{ id: 2, view_count: 5 }, { id: 1, view_count: 11 }] }));
    expect(seen.of(1)).toBe(10);
    expect(seen.of(2)).toBe(5);
    expect(seen.of(3)).toBeUndefined();
  });

  it('ignore errors, other types, bodies that are no JSON and objects that are no posts', () => {
    const seen = new ViewsSeen();
    seen.read(answer({ id: 1, view_count: 1 }, 404));
    seen.read(answer({ id: 2, view_count: 1 }, 200, 'text/html'));
    seen.read({ status: 200, headers: [['content-type', 'application/json']], body: new Uint8Array(Buffer.from('{not json')) });
    seen.read(answer({ id: 3, view_count: '7' }));
    seen.read(answer([{ id: 4, view_count: 1 }]));
    seen.read(answer(null));
    for (const id of [1, 2, 3, 4]) expect(seen.of(id)).toBeUndefined();
  });
});
