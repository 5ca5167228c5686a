import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { ContentFixtures, signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { multipart } from '../auth/testing';
import { closeImageWork } from '../media/image-work';
import { closePdfTextWork } from '../media/pdf-text';
import { publishDuePosts } from './posts';

let ctx: TestContext;
const ids = {} as Record<'editor' | 'publisher' | 'publisher2' | 'editorB' | 'staff' | 'outsider' | 'orgA' | 'orgB' | 'subA' | 'subB' | 'health' | 'vaccines' | 'decision' | 'target', number>;
type Who = 'editor' | 'publisher' | 'publisher2' | 'editorB' | 'staff' | 'outsider';
const headers = {} as Record<Who, Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      ids.editor = await f.user('moh_editor');
      ids.publisher = await f.user('moh_media');
      ids.publisher2 = await f.user('moh_chief');
      ids.editorB = await f.user('moe_editor');
      ids.staff = await f.user('admin', { staff: true });
      ids.outsider = await f.user('reader');
      ids.orgA = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      ids.orgB = await f.organization('MOE', 'Ministry of Education', 'وزارة التعليم');
      ids.subA = await f.subsidiary(ids.orgA, 'HC', 'Health Cluster', 'التجمع الصحي');
      ids.subB = await f.subsidiary(ids.orgB, 'SC', 'Schools', 'المدارس');
      ids.health = await f.category('health', 'Health', 'الصحة');
      ids.vaccines = await f.subcategory(ids.health, 'vaccines', 'Vaccines', 'اللقاحات');
      const types = await f.postTypes();
      ids.decision = types.decision;
      ids.target = await f.post({
        slug: 'old-circular',
        author_id: ids.editorB,
        type_id: types.circular,
        organization_id: ids.orgB,
        title: 'Circular 12 on school hours',
        title_ar: 'تعميم رقم 12 بشأن الدوام المدرسي',
        published_at: new Date('2025-01-05T08:00:00Z'),
      });
      await db.query(`UPDATE posts SET document_number = '12/1446' WHERE id = $1`, [ids.target]);
      await db.query(
        `INSERT INTO organization_members (organization_id, user_id, role)
         VALUES ($1, $2, 'editor'), ($1, $3, 'publisher'), ($1, $4, 'publisher'), ($5, $6, 'editor')`,
        [ids.orgA, ids.editor, ids.publisher, ids.publisher2, ids.orgB, ids.editorB],
      );
    },
  });
  for (const who of ['editor', 'publisher', 'publisher2', 'editorB', 'staff', 'outsider'] as Who[]) headers[who] = await signIn(ctx, ids[who], 'en');
});
afterAll(async () => {
  await ctx.close();
  await closeImageWork();
  await closePdfTextWork();
});

const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang: 'en' | 'ar' = 'en') =>
  ctx.inject({ method, url: `/api/v1${url}`, headers: { ...headers[who], 'accept-language': lang }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Each draft its own document number: two published documents of one organization, type and year never share one. */
let numbered = 794;
const complete = () => ({
  organization_id: ids.orgA,
  type_id: ids.decision,
  title: 'Decision 794 on vaccination campaigns',
  title_ar: 'قرار رقم 794 بشأن حملات التطعيم',
  summary_ar: 'تنظيم حملات التطعيم في المدارس.',
  content_ar: 'تقرر وزارة الصحة تنظيم حملات التطعيم الموسمية في المدارس.',
  content: 'The Ministry of Health organizes seasonal vaccination campaigns in schools.',
  language: 'ar' as const,
  category_ids: [ids.health],
  subcategory_ids: [ids.vaccines],
  hashtags: ['#التطعيم', 'vaccines_2025'],
  subsidiary_id: ids.subA,
  document_number: `${numbered++}/1446`,
  issued_on: '2024-11-25',
});

async function draft(who: Who = 'editor', over: Record<string, unknown> = {}): Promise<number> {
  const res = await call(who, 'POST', '/studio/posts/', { ...complete(), ...over });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** A draft written by the editor, submitted, and published by a publisher. */
async function published(over: Record<string, unknown> = {}): Promise<number> {
  const id = await draft('editor', over);
  expect((await call('editor', 'POST', `/studio/posts/${id}/submit/`)).statusCode).toBe(200);
  const res = await call('publisher', 'POST', `/studio/posts/${id}/publish/`);
  expect(res.statusCode).toBe(200);
  return id;
}

const publicPost = async (slug: string) => (await ctx.inject({ url: `/api/v1/content/posts/${encodeURIComponent(slug)}/` })).json();
const feedSlugs = async (query = '') =>
  (await ctx.inject({ url: `/api/v1/content/posts/?page_size=100${query}` })).json().results.map((p: { slug: string }) => p.slug);

describe('the workspace: who writes for which organization', () => {
  it('tells each user their organizations and roles', async () => {
    const me = (await call('editor', 'GET', '/studio/me/')).json();
    expect(me).toEqual({ is_staff: false, memberships: [{ role: 'editor', organization: expect.objectContaining({ id: ids.orgA, code: 'MOH' }) }] });
    expect((await call('outsider', 'GET', '/studio/me/')).json()).toEqual({ is_staff: false, memberships: [] });
    expect((await call('staff', 'GET', '/studio/me/')).json().is_staff).toBe(true);
    expect((await ctx.inject({ url: '/api/v1/studio/me/' })).statusCode).toBe(401);
  });

  it('creates drafts only for the organizations of the writer, with every field checked', async () => {
    const id = await draft();
    const post = (await call('editor', 'GET', `/studio/posts/${id}/`)).json();
    expect(post).toMatchObject({
      stage: 'draft',
      status: 'draft',
      version: 0,
      slug: `moh-decision-${new Date().getUTCFullYear()}-${id}`,
      document_number: expect.stringMatching(/^\d+\/1446$/),
      issued_on: '2024-11-25',
      issued_on_hijri: '1446-05-23',
      subsidiary_id: ids.subA,
      category_ids: [ids.health],
      hashtags: ['التطعيم', 'vaccines_2025'],
      role: 'editor',
      can: { edit: true, submit: true, review: false, publish: false, schedule: false, correct: false, withdraw: false, delete: true },
    });
    const elsewhere = await call('editor', 'POST', '/studio/posts/', { ...complete(), organization_id: ids.orgB, subsidiary_id: ids.subB });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ organization_id: ['You do not write for this organization.'] });
    const bad = await call('editor', 'POST', '/studio/posts/', { ...complete(), type_id: 999999, category_ids: [999999], subsidiary_id: ids.subB, hashtags: ['not a tag!'] }, 'ar');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      type_id: ['اختر نوع المنشور من القائمة.'],
      category_ids: ['اختر التصنيفات من القائمة.'],
      subsidiary_id: ['اختر جهة تابعة لهذه الجهة.'],
      hashtags: ['يتكون الوسم من حروف وأرقام و_ فقط.'],
    });
    const missing = await call('editor', 'POST', '/studio/posts/', { title: 'x' });
    expect(missing.json()).toEqual({ organization_id: ['This field is required.'], type_id: ['This field is required.'] });
    const tooLong = await call('editor', 'POST', '/studio/posts/', { ...complete(), title: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });

  it("answers 404 for other organizations' drafts, and keeps them out of lists", async () => {
    const id = await draft();
    for (const who of ['editorB', 'outsider'] as Who[]) {
      expect((await call(who, 'GET', `/studio/posts/${id}/`)).statusCode).toBe(404);
      expect((await call(who, 'PATCH', `/studio/posts/${id}/`, { title: 'taken' })).statusCode).toBe(404);
      expect((await call(who, 'POST', `/studio/posts/${id}/submit/`)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/studio/posts/${id}/`)).statusCode).toBe(404);
    }
    const listB = (await call('editorB', 'GET', '/studio/posts/')).json();
    expect(listB.results.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await call('editorB', 'GET', `/studio/posts/?organization=${ids.orgA}`)).statusCode).toBe(404);
    const listA = (await call('editor', 'GET', '/studio/posts/?stage=draft')).json();
    expect(listA.results.map((p: { id: number }) => p.id)).toContain(id);
    // Staff act for every organization.
    expect((await call('staff', 'GET', `/studio/posts/${id}/`)).json().role).toBe('publisher');
    // Drafts are not public.
    const { slug } = (await call('editor', 'GET', `/studio/posts/${id}/`)).json();
    expect((await ctx.inject({ url: `/api/v1/content/posts/${slug}/` })).statusCode).toBe(404);
  });
});

describe('from a draft to publication', () => {
  it('edits a draft by the fields given, and searches the list by title or number', async () => {
    const id = await draft();
    const res = await call('editor', 'PATCH', `/studio/posts/${id}/`, { title_ar: 'قرار رقم 795 بشأن التطعيم', hashtags: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title_ar: 'قرار رقم 795 بشأن التطعيم', title: complete().title, hashtags: [] });
    expect((await call('editor', 'PATCH', `/studio/posts/${id}/`, { organization_id: ids.orgB })).json()).toEqual({
      organization_id: ["A post's organization cannot be changed."],
    });
    const found = (await call('editor', 'GET', `/studio/posts/?search=${encodeURIComponent('795')}`)).json();
    expect(found.results.map((p: { id: number }) => p.id)).toContain(id);
  });

  it('needs a complete post to submit, and a second pair of eyes to publish', async () => {
    const id = await draft('editor', { title: '', category_ids: [], content_ar: '' });
    const incomplete = await call('editor', 'POST', `/studio/posts/${id}/submit/`);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual({ title: ['This field is required.'], content_ar: ['This field is required.'], category_ids: ['Choose at least one category.'] });
    await call('editor', 'PATCH', `/studio/posts/${id}/`, complete());
    expect((await call('editor', 'POST', `/studio/posts/${id}/submit/`)).json()).toMatchObject({ stage: 'in_review', can: { edit: false, submit: false } });
    // The editor may not publish; a publisher asks for a change with a comment.
    expect((await call('editor', 'POST', `/studio/posts/${id}/publish/`)).statusCode).toBe(403);
    expect((await call('editor', 'POST', `/studio/posts/${id}/request-changes/`, { comment: 'Fix the number' })).statusCode).toBe(403);
    expect((await call('publisher', 'POST', `/studio/posts/${id}/request-changes/`, { comment: '   ' })).statusCode).toBe(400);
    const sentBack = await call('publisher', 'POST', `/studio/posts/${id}/request-changes/`, { comment: 'رقم القرار خاطئ' });
    expect(sentBack.json()).toMatchObject({ stage: 'changes_requested', can: { edit: true, submit: true } });
    const history = (await call('editor', 'GET', `/studio/posts/${id}/history/`)).json();
    expect(history.events.map((e: { action: string }) => e.action)).toEqual(['changes_requested', 'submitted', 'edited', 'created']);
    expect(history.events[0]).toMatchObject({ comment: 'رقم القرار خاطئ', user: { id: ids.publisher } });
    // Fixed and sent again; published by a publisher.
    await call('editor', 'PATCH', `/studio/posts/${id}/`, { document_number: '7950/1446' });
    await call('editor', 'POST', `/studio/posts/${id}/submit/`);
    const done = await call('publisher', 'POST', `/studio/posts/${id}/publish/`);
    expect(done.json()).toMatchObject({ stage: 'published', status: 'published', version: 1, can: { correct: true, withdraw: true, delete: false } });
    expect((await call('publisher', 'POST', `/studio/posts/${id}/publish/`)).statusCode).toBe(409);
    // What a publisher submits, another publisher publishes.
    const own = await draft('publisher');
    await call('publisher', 'POST', `/studio/posts/${own}/submit/`);
    const self = await call('publisher', 'POST', `/studio/posts/${own}/publish/`);
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe('Another publisher must review what you submitted yourself.');
    expect((await call('publisher2', 'POST', `/studio/posts/${own}/publish/`)).statusCode).toBe(200);
  });

  it('reaches readers at once: the feed, the post, the counts', async () => {
    const before = await feedSlugs();
    const id = await published();
    const post = (await call('editor', 'GET', `/studio/posts/${id}/`)).json();
    expect(before).not.toContain(post.slug);
    expect((await feedSlugs())[0]).toBe(post.slug);
    const shown = await publicPost(post.slug);
    expect(shown).toMatchObject({ version: 1, document_number: post.document_number, issued_on_hijri: '1446-05-23', in_force: 'in_force', last_update: null, withdrawal: null });
    const [org] = await ctx.db.query<{ post_count: number }>('SELECT post_count FROM organizations WHERE id = $1', [ids.orgA]);
    const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE organization_id = $1 AND status = 'published'`, [ids.orgA]);
    expect(org.post_count).toBe(n);
    // Found by search at once too.
    expect((await feedSlugs(`&search=${encodeURIComponent('حملات التطعيم')}`))).toContain(post.slug);
  });

  it('schedules for a time to come, publishes once when due, and refuses the past', async () => {
    const id = await draft();
    await call('editor', 'POST', `/studio/posts/${id}/submit/`);
    const past = await call('publisher', 'POST', `/studio/posts/${id}/schedule/`, { publish_at: new Date(Date.now() - 60_000).toISOString() }, 'ar');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ publish_at: ['اختر وقتاً في المستقبل.'] });
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await call('publisher', 'POST', `/studio/posts/${id}/schedule/`, { publish_at: at.toISOString() });
    expect(scheduled.json()).toMatchObject({ stage: 'scheduled', scheduled_at: at.toISOString(), can: { delete: false } });
    const { slug } = scheduled.json();
    // Not yet due.
    expect(await publishDuePosts(ctx.db)).toEqual([]);
    expect(await feedSlugs()).not.toContain(slug);
    // Due: two processes look at once; it is published once, at its time.
    const later = new Date(at.getTime() + 1000);
    const [a, b] = await Promise.all([publishDuePosts(ctx.db, later), publishDuePosts(ctx.db, later)]);
    expect([...a, ...b]).toEqual([id]);
    expect(await publishDuePosts(ctx.db, later)).toEqual([]);
    const shown = await publicPost(slug);
    expect(shown.published_at).toBe(at.toISOString());
    const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE post_id = $1 AND action = 'published'`, [id]);
    expect(n).toBe(1);
    expect((await call('publisher', 'POST', `/studio/posts/${id}/unschedule/`)).statusCode).toBe(409);
  });

  it('takes a schedule back to review', async () => {
    const id = await draft();
    await call('editor', 'POST', `/studio/posts/${id}/submit/`);
    const scheduled = await call('publisher', 'POST', `/studio/posts/${id}/schedule/`, { publish_at: new Date(Date.now() + 7_200_000).toISOString() });
    // A publisher is offered the cancelling (the schedule ability), an editor is not.
    expect(scheduled.json()).toMatchObject({ stage: 'scheduled', can: { schedule: true, publish: false, edit: false } });
    expect((await call('editor', 'GET', `/studio/posts/${id}/`)).json()).toMatchObject({ can: { schedule: false } });
    expect((await call('editor', 'POST', `/studio/posts/${id}/unschedule/`)).statusCode).toBe(403);
    expect((await call('publisher', 'POST', `/studio/posts/${id}/unschedule/`)).json()).toMatchObject({ stage: 'in_review', scheduled_at: null });
  });

  it('deletes a draft never published, and nothing that was', async () => {
    const id = await draft();
    expect((await call('publisher2', 'DELETE', `/studio/posts/${id}/`)).statusCode).toBe(204);
    expect((await call('editor', 'GET', `/studio/posts/${id}/`)).statusCode).toBe(404);
    const was = await published();
    const res = await call('publisher', 'DELETE', `/studio/posts/${was}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A post that was published cannot be deleted; withdraw it instead.');
  });
});

describe('after publication', () => {
  it('corrects as new versions: minor ones quietly, major ones with their note; every version stays readable', async () => {
    const id = await published();
    const { slug } = (await call('editor', 'GET', `/studio/posts/${id}/`)).json();
    expect((await call('editor', 'POST', `/studio/posts/${id}/correct/`, { change_kind: 'minor', title: 'x' })).statusCode).toBe(403);
    expect((await call('editor', 'PATCH', `/studio/posts/${id}/`, { title: 'x' })).statusCode).toBe(409);
    const minor = await call('publisher', 'POST', `/studio/posts/${id}/correct/`, { change_kind: 'minor', title: 'Decision 794 on vaccination campaigns.' });
    expect(minor.json()).toMatchObject({ version: 2, title: 'Decision 794 on vaccination campaigns.' });
    expect((await publicPost(slug)).last_update).toBeNull();
    const noNote = await call('publisher', 'POST', `/studio/posts/${id}/correct/`, { change_kind: 'major', content_ar: 'نص معدل' });
    expect(noNote.json()).toEqual({ change_note: ['Say what changed: a major change is announced with its note.'] });
    const same = await call('publisher', 'POST', `/studio/posts/${id}/correct/`, { change_kind: 'minor', title: 'Decision 794 on vaccination campaigns.' });
    expect(same.json()).toEqual({ change_kind: ['Nothing was changed.'] });
    const major = await call('publisher', 'POST', `/studio/posts/${id}/correct/`, {
      change_kind: 'major',
      content_ar: 'تقرر وزارة الصحة تنظيم حملات التطعيم الموسمية في المدارس والجامعات.',
      change_note: 'Universities added',
      change_note_ar: 'أضيفت الجامعات',
    });
    expect(major.json().version).toBe(3);
    const shown = await publicPost(slug);
    expect(shown).toMatchObject({ version: 3, last_update: { version: 3, note: 'Universities added', note_ar: 'أضيفت الجامعات' } });
    const versions = (await ctx.inject({ url: `/api/v1/content/posts/${slug}/versions/` })).json();
    expect(versions.map((v: { version: number; kind: string }) => [v.version, v.kind])).toEqual([[3, 'major'], [2, 'minor'], [1, 'first']]);
    const first = (await ctx.inject({ url: `/api/v1/content/posts/${slug}/versions/1/` })).json();
    expect(first).toMatchObject({ version: 1, current_version: 3, post: { title: complete().title, content_ar: complete().content_ar } });
    expect((await ctx.inject({ url: `/api/v1/content/posts/${slug}/versions/9/` })).statusCode).toBe(404);
  });

  it('keeps the text a seeded post was first published with when it is first corrected', async () => {
    const [{ slug }] = await ctx.db.query<{ slug: string }>('SELECT slug FROM posts WHERE id = $1', [ids.target]);
    const res = await call('staff', 'POST', `/studio/posts/${ids.target}/correct/`, { change_kind: 'minor', title: 'Circular No. 12 on school hours' });
    expect(res.json().version).toBe(2);
    const first = (await ctx.inject({ url: `/api/v1/content/posts/${slug}/versions/1/` })).json();
    expect(first.post.title).toBe('Circular 12 on school hours');
  });

  it('withdraws with a public reason, shown on the post and out of the feed', async () => {
    const id = await published();
    const { slug } = (await call('editor', 'GET', `/studio/posts/${id}/`)).json();
    expect((await call('publisher', 'POST', `/studio/posts/${id}/withdraw/`, { reason: ' ', reason_ar: '' })).statusCode).toBe(400);
    const res = await call('publisher', 'POST', `/studio/posts/${id}/withdraw/`, { reason: 'Issued in error', reason_ar: 'صدر خطأً' });
    expect(res.json()).toMatchObject({ stage: 'withdrawn', status: 'archived', withdrawal: { reason: 'Issued in error', reason_ar: 'صدر خطأً' } });
    expect(await feedSlugs()).not.toContain(slug);
    expect((await publicPost(slug)).withdrawal).toMatchObject({ reason_ar: 'صدر خطأً' });
    expect((await call('publisher', 'POST', `/studio/posts/${id}/withdraw/`, { reason: 'again', reason_ar: '' })).statusCode).toBe(409);
  });

  it('relates posts both ways, and derives whether one is still in force once the other is published', async () => {
    const [{ slug: targetSlug }] = await ctx.db.query<{ slug: string }>('SELECT slug FROM posts WHERE id = $1', [ids.target]);
    const id = await draft('editor', { title: 'Decision repealing circular 12', title_ar: 'قرار بإلغاء التعميم رقم 12' });
    expect((await call('editor', 'PUT', `/studio/posts/${id}/relations/`, { relations: [{ kind: 'repeals', post_id: id }] })).statusCode).toBe(400);
    const draftOther = await draft();
    expect((await call('editor', 'PUT', `/studio/posts/${id}/relations/`, { relations: [{ kind: 'repeals', post_id: draftOther }] })).json()).toEqual({
      relations: ['Choose published posts only.'],
    });
    const set = await call('editor', 'PUT', `/studio/posts/${id}/relations/`, { relations: [{ kind: 'repeals', post_id: ids.target }] });
    expect(set.json().relations).toEqual([{ kind: 'repeals', direction: 'out', post: expect.objectContaining({ id: ids.target, document_number: '12/1446' }) }]);
    // A draft repeals nothing yet.
    expect((await publicPost(targetSlug)).in_force).toBe('in_force');
    await call('editor', 'POST', `/studio/posts/${id}/submit/`);
    await call('publisher', 'POST', `/studio/posts/${id}/publish/`);
    const target = await publicPost(targetSlug);
    expect(target.in_force).toBe('repealed');
    expect(target.relations).toEqual([{ kind: 'repeals', direction: 'in', post: expect.objectContaining({ id, title_ar: 'قرار بإلغاء التعميم رقم 12' }) }]);
    expect(await feedSlugs('&in_force=repealed')).toEqual([targetSlug]);
    expect(await feedSlugs('&in_force=in_force')).not.toContain(targetSlug);
    // Picked by its number or its words.
    const byNumber = (await call('editor', 'GET', `/studio/lookup/posts/?search=${encodeURIComponent('12/1446')}`)).json();
    expect(byNumber[0].id).toBe(ids.target);
    const byWords = (await call('editor', 'GET', `/studio/lookup/posts/?search=${encodeURIComponent('الدوام المدرسي')}`)).json();
    expect(byWords.map((p: { id: number }) => p.id)).toContain(ids.target);
  });
});

describe('files of a draft', () => {
  const pdf = () =>
    new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ size: 'A4' });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.text('Annex: the vaccination schedule for primary schools');
      doc.end();
    });
  const png = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toBuffer();
  const upload = async (who: Who, id: number, file: { filename: string; type: string; bytes: Buffer }, fields: Record<string, string> = {}) => {
    const { payload, headers: h } = multipart(fields, { file });
    return ctx.inject({ method: 'POST', url: `/api/v1/studio/posts/${id}/attachments/`, headers: { ...headers[who], ...h }, payload });
  };

  it('attaches PDFs (their text searched) and images (their kind read from the bytes), ordered, named and removed', async () => {
    const id = await draft();
    const withPdf = await upload('editor', id, { filename: 'annex.pdf', type: 'application/pdf', bytes: await pdf() }, { title_ar: 'الملحق' });
    expect(withPdf.statusCode).toBe(201);
    // A PNG sent as a JPEG named .pdf is a PNG.
    const withImage = await upload('editor', id, { filename: 'photo.pdf', type: 'image/jpeg', bytes: await png() });
    expect(withImage.statusCode).toBe(201);
    const files = withImage.json().attachments;
    expect(files.map((a: { title_ar: string; title: string | null; file_type: string; file_extension: string; width: number | null }) => [a.title_ar, a.title, a.file_type, a.file_extension, a.width])).toEqual([
      ['الملحق', null, 'application/pdf', 'pdf', null],
      ['photo', null, 'image/png', 'png', 1200],
    ]);
    expect(files[1].thumbnail_url).toMatch(/\/media\/thumbs\/.+\.webp$/);
    const [pdfId, imageId] = files.map((a: { id: number }) => a.id);
    expect((await call('editor', 'PUT', `/studio/posts/${id}/attachments/order/`, { ids: [imageId] })).statusCode).toBe(400);
    const ordered = await call('editor', 'PUT', `/studio/posts/${id}/attachments/order/`, { ids: [imageId, pdfId] });
    expect(ordered.json().attachments.map((a: { id: number }) => a.id)).toEqual([imageId, pdfId]);
    const named = await call('editor', 'PATCH', `/studio/posts/${id}/attachments/${imageId}/`, { title_ar: 'صورة الحملة', description: 'من الميدان' });
    expect(named.json().attachments[0]).toMatchObject({ title_ar: 'صورة الحملة', title: null, description: 'من الميدان' });
    // Published, the post is found by its PDF's words, and says so.
    await call('editor', 'POST', `/studio/posts/${id}/submit/`);
    const { slug } = (await call('publisher', 'POST', `/studio/posts/${id}/publish/`)).json();
    const found = (await ctx.inject({ url: `/api/v1/content/posts/?search=${encodeURIComponent('annex')}` })).json();
    const hit = found.results.find((p: { slug: string }) => p.slug === slug);
    expect(hit.match).toMatchObject({ found_in: 'attachment', attachment: { id: pdfId, page: 1 } });
    // Files of a published post change by correction only.
    expect((await call('editor', 'DELETE', `/studio/posts/${id}/attachments/${pdfId}/`)).statusCode).toBe(409);
    const other = await draft();
    await upload('editor', other, { filename: 'a.pdf', type: 'application/pdf', bytes: await pdf() });
    const [only] = (await call('editor', 'GET', `/studio/posts/${other}/`)).json().attachments;
    expect((await call('editor', 'DELETE', `/studio/posts/${other}/attachments/${only.id}/`)).json().attachments).toEqual([]);
  });

  it('titles a file in English beside the Arabic, on upload and on change, within the same limits', async () => {
    const id = await draft();
    const both = await upload('editor', id, { filename: 'faq.pdf', type: 'application/pdf', bytes: await pdf() }, { title_ar: 'الأسئلة الشائعة', title: ' Frequently asked questions ' });
    expect(both.statusCode).toBe(201);
    const [file] = both.json().attachments;
    expect(file).toMatchObject({ title_ar: 'الأسئلة الشائعة', title: 'Frequently asked questions' });
    // The download keeps the Arabic name, the same in both languages.
    expect(file.file_url).toContain(encodeURIComponent('الأسئلة الشائعة'));
    const patch = (body: unknown, lang: 'en' | 'ar' = 'en') => call('editor', 'PATCH', `/studio/posts/${id}/attachments/${file.id}/`, body, lang);
    expect((await patch({ title: 'FAQ' })).json().attachments[0]).toMatchObject({ title_ar: 'الأسئلة الشائعة', title: 'FAQ' });
    // Changing the description alone leaves the English title; a blank or null removes it.
    expect((await patch({ description: 'Answers' })).json().attachments[0]).toMatchObject({ title: 'FAQ', description: 'Answers' });
    expect((await patch({ title: '  ' })).json().attachments[0]).toMatchObject({ title_ar: 'الأسئلة الشائعة', title: null });
    await patch({ title: 'FAQ' });
    expect((await patch({ title: null })).json().attachments[0].title).toBeNull();

    // The English title has the Arabic one's limit (200), refused in the reader's language.
    const long = 'x'.repeat(201);
    const tooLong = await patch({ title: long });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(['title']);
    const tooLongAr = await patch({ title: long }, 'ar');
    expect(tooLongAr.statusCode).toBe(400);
    expect(tooLongAr.json().title[0]).not.toBe(tooLong.json().title[0]);
    const upTooLong = await upload('editor', id, { filename: 'b.pdf', type: 'application/pdf', bytes: await pdf() }, { title: long });
    expect(upTooLong.statusCode).toBe(400);
    expect(Object.keys(upTooLong.json())).toEqual(['title']);
    expect((await call('editor', 'GET', `/studio/posts/${id}/`)).json().attachments).toHaveLength(1);
    expect((await patch({ title: 'x'.repeat(200) })).statusCode).toBe(200);

    // The log names the file in both languages, each under its own key (as a deleted post's).
    await patch({ title: 'FAQ' });
    expect((await call('editor', 'DELETE', `/studio/posts/${id}/attachments/${file.id}/`)).statusCode).toBe(200);
    const logged = await ctx.db.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_log WHERE post_id = $1 AND action IN ('attachment_added', 'attachment_removed') ORDER BY id`,
      [id],
    );
    // Before: the Arabic title under `title`, the English one nowhere.
    expect(logged.map(({ action, details }) => [action, details.title_ar, details.title])).toEqual([
      ['attachment_added', 'الأسئلة الشائعة', 'Frequently asked questions'],
      ['attachment_removed', 'الأسئلة الشائعة', 'FAQ'],
    ]);
  });

  it('refuses disguised and oversized files, and files of posts the user may not edit', async () => {
    const id = await draft();
    const text = await upload('editor', id, { filename: 'decision.pdf', type: 'application/pdf', bytes: Buffer.from('not a pdf at all') }, {});
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ file: ['Attach a PDF, JPEG, PNG or WebP file.'] });
    const huge = Buffer.concat([await png(), Buffer.alloc(11 * 1024 * 1024)]);
    const big = await upload('editor', id, { filename: 'big.png', type: 'image/png', bytes: huge });
    expect(big.statusCode).toBe(413);
    expect((await upload('editorB', id, { filename: 'a.png', type: 'image/png', bytes: await png() })).statusCode).toBe(404);
    expect((await call('editor', 'GET', `/studio/posts/${id}/`)).json().attachments).toEqual([]);
  });
});

describe('members and the log', () => {
  it('lets staff manage members, and publishers read their organization', async () => {
    expect((await call('publisher', 'PUT', `/studio/organizations/${ids.orgA}/members/${ids.outsider}/`, { role: 'editor' })).statusCode).toBe(403);
    const set = await call('staff', 'PUT', `/studio/organizations/${ids.orgA}/members/${ids.outsider}/`, { role: 'editor' });
    expect(set.json()).toMatchObject({ role: 'editor', user: { id: ids.outsider } });
    expect((await call('outsider', 'GET', '/studio/me/')).json().memberships).toHaveLength(1);
    const members = (await call('publisher', 'GET', `/studio/organizations/${ids.orgA}/members/`)).json();
    expect(members.map((m: { user: { id: number } }) => m.user.id)).toEqual(expect.arrayContaining([ids.editor, ids.publisher, ids.outsider]));
    expect((await call('editor', 'GET', `/studio/organizations/${ids.orgA}/members/`)).statusCode).toBe(403);
    expect((await call('editorB', 'GET', `/studio/organizations/${ids.orgA}/audit/`)).statusCode).toBe(404);
    expect((await call('staff', 'DELETE', `/studio/organizations/${ids.orgA}/members/${ids.outsider}/`)).statusCode).toBe(204);
    expect((await call('outsider', 'GET', '/studio/me/')).json().memberships).toEqual([]);
    const log = (await call('publisher', 'GET', `/studio/organizations/${ids.orgA}/audit/?page_size=100`)).json();
    expect(log.results[0]).toMatchObject({ action: 'member_removed', user: { id: ids.staff }, post: null });
    expect(log.results.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['created', 'submitted', 'published', 'corrected', 'withdrawn']));
  });
});
