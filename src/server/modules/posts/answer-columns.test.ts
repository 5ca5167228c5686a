import { createTestContext, type TestContext } from '../../test/helpers';
import { ANSWER_COLUMNS, CONTENT_VERSION_COLUMNS, NOT_ANSWER_COLUMNS } from './answer-columns';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The columns an UPDATE OF trigger on posts fires for, and those its WHEN clause compares (OLD and NEW). */
async function triggerColumns(name: string): Promise<{ updateOf: string[]; old: string[]; new: string[] }> {
  const [row] = await ctx.db.query<{ cols: string[] | null; def: string }>(
    `SELECT (SELECT array_agg(a.attname::text) FROM unnest(t.tgattr) AS n(attnum)
               JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = n.attnum) AS cols,
            pg_get_triggerdef(t.oid) AS def
       FROM pg_trigger t WHERE t.tgrelid = 'posts'::regclass AND t.tgname = $1`,
    [name],
  );
  expect(row).toBeDefined();
  const when = /WHEN \((.*)\) EXECUTE/s.exec(row.def)?.[1] ?? '';
  const refs = (side: string) => [...when.matchAll(new RegExp(`\\b${side}\\.(\\w+)`, 'gi'))].map((m) => m[1]);
  return { updateOf: sorted(row.cols ?? []), old: sorted(refs('old')), new: sorted(refs('new')) };
}

describe('what changes a post’s answer', () => {
  it('is decided for every column of posts: in the answer, or not with a reason', async () => {
    const rows = await ctx.db.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'posts'",
    );
    const columns = sorted(rows.map((r) => r.column_name));
    const listed = [...ANSWER_COLUMNS, ...Object.keys(NOT_ANSWER_COLUMNS)];
    // A column in both lists is a mistake too.
    expect(listed.length).toBe(new Set(listed).size);
    expect(sorted(listed)).toEqual(columns);
    for (const why of Object.values(NOT_ANSWER_COLUMNS)) expect(why.length).toBeGreaterThan(10);
  });

  it('is what the posts_doc_rev trigger fires for and compares', async () => {
    const trigger = await triggerColumns('posts_doc_rev');
    const answer = sorted(ANSWER_COLUMNS);
    expect(trigger.updateOf).toEqual(answer);
    expect(trigger.old).toEqual(answer);
    expect(trigger.new).toEqual(answer);
  });

  it('moves the content version, with what a search finds a post by', async () => {
    const trigger = await triggerColumns('posts_content_version_upd');
    expect(trigger.updateOf).toEqual(sorted(CONTENT_VERSION_COLUMNS));
  });
});
