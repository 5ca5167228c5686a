import type { PostRelation, RelatedPost } from '../../../api/posts';
import type { PostVersionSummary } from '../../../api/postVersions';
import { amendmentComparisons } from './amendments';

const VERSIONS: PostVersionSummary[] = [
  { version: 1, kind: 'first', note: '', note_ar: '', created_at: '2026-01-05T09:00:00Z' },
  { version: 2, kind: 'minor', note: '', note_ar: '', created_at: '2026-01-20T09:00:00Z' },
  { version: 3, kind: 'major', note: 'As amended.', note_ar: 'وفق التعديل.', created_at: '2026-03-02T09:00:00Z' },
  { version: 4, kind: 'minor', note: '', note_ar: '', created_at: '2026-03-10T09:00:00Z' },
];

const related = (id: number, published_at: string | null): RelatedPost => ({
  id,
  slug: `amending-${id}`,
  title: `Amending ${id}`,
  title_ar: `قرار معدِّل ${id}`,
  document_number: `${id}/1447`,
  published_at,
  status: 'published',
  organization_name: null,
  organization_name_ar: null,
});
const relation = (over: Partial<PostRelation> & { post: RelatedPost }): PostRelation => ({ kind: 'amends', direction: 'in', ...over });

describe('amendmentComparisons', () => {
  it('compares the last version before an amending post was published with the first one since', () => {
    const amending = related(9, '2026-03-01T12:00:00Z');
    expect(amendmentComparisons([relation({ post: amending })], VERSIONS)).toEqual([{ amendment: amending, before: 2, after: 3 }]);
  });

  it('reads the versions in any order', () => {
    const amending = related(9, '2026-03-01T12:00:00Z');
    expect(amendmentComparisons([relation({ post: amending })], [...VERSIONS].reverse())).toEqual([{ amendment: amending, before: 2, after: 3 }]);
  });

  it('takes a version made at the very moment of the amendment as made after it', () => {
    const amending = related(9, '2026-01-20T09:00:00Z');
    expect(amendmentComparisons([relation({ post: amending })], VERSIONS)).toMatchObject([{ before: 1, after: 2 }]);
  });

  it('has nothing when the post was not corrected since the amendment, or the amendment predates every version', () => {
    expect(amendmentComparisons([relation({ post: related(9, '2026-04-01T00:00:00Z') })], VERSIONS)).toEqual([]);
    expect(amendmentComparisons([relation({ post: related(9, '2025-12-01T00:00:00Z') })], VERSIONS)).toEqual([]);
    expect(amendmentComparisons([relation({ post: related(9, null) })], VERSIONS)).toEqual([]);
  });

  it('only reads amendments made to this post, not what it amends, repeals or implements', () => {
    const post = related(9, '2026-03-01T12:00:00Z');
    const others = [
      relation({ post, direction: 'out' }),
      relation({ post, kind: 'repeals' }),
      relation({ post, kind: 'implements' }),
      relation({ post, kind: 'replaces' }),
    ];
    expect(amendmentComparisons(others, VERSIONS)).toEqual([]);
  });

  it('lists several amendments oldest first', () => {
    const later = related(11, '2026-03-05T00:00:00Z');
    const earlier = related(10, '2026-01-10T00:00:00Z');
    expect(amendmentComparisons([relation({ post: later }), relation({ post: earlier })], VERSIONS)).toEqual([
      { amendment: earlier, before: 1, after: 2 },
      { amendment: later, before: 3, after: 4 },
    ]);
  });
});
