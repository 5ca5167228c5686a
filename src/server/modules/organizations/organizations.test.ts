import { buildWorld, newestFirst, type World } from '../../test/content-world';
import { ContentFixtures, signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let world: World;
let ids: Record<string, number>;
beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      world = await buildWorld(db);
      const f = new ContentFixtures(db);
      const { moh } = world.orgs;
      const closed = await f.subsidiary(moh, 'MOH-OLD', 'Archive Office', 'مكتب الأرشيف', false);
      ids = {
        closed,
        // Departments: two active under the hospitals directorate, one at head office, one closed.
        surgery: await f.department(moh, 'Surgery', 'الجراحة', { subsidiary_id: world.subsidiary }),
        nursing: await f.department(moh, 'Nursing', 'التمريض', { subsidiary_id: world.subsidiary }),
        finance: await f.department(moh, 'Finance', 'المالية'),
        records: await f.department(moh, 'Records', 'السجلات', { subsidiary_id: closed, active: false }),
      };
      // More organizations than one page of twenty holds.
      for (let i = 1; i <= 21; i++) {
        await f.organization(`GOV${String(i).padStart(2, '0')}`, `Governorate ${String(i).padStart(2, '0')}`, `محافظة ${i}`, {
          verified: i % 2 === 0,
        });
      }
    },
  });
});
afterAll(() => ctx.close());

const BASE = '/api/v1/producers/organizations/';
const EN = { 'accept-language': 'en' };
const codes = (list: { code: string }[]) => list.map((o) => o.code);
const get = (url: string, headers: Record<string, string> = EN) => ctx.inject({ url, headers });

describe('GET /producers/organizations/', () => {
  it('lists organizations by name, twenty a page, with absolute links', async () => {
    const first = (await get(BASE)).json();
    expect(first.count).toBe(24);
    expect(first.results).toHaveLength(20);
    expect(codes(first.results).slice(0, 3)).toEqual(['GOV01', 'GOV02', 'GOV03']);
    expect(first.next).toBe('http://localhost/api/v1/producers/organizations/?page=2');
    const second = (await get(`${BASE}?page=2`)).json();
    expect(codes(second.results)).toEqual(['GOV21', 'MoE', 'MOH', 'OLD']);
    expect((await get(`${BASE}?page=3`)).statusCode).toBe(404);
  });

  it('describes each organization in full', async () => {
    const body = (await get(`${BASE}?search=health`)).json();
    expect(body.results).toEqual([
      {
        id: world.orgs.moh, code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة',
        description: 'Ministry of Health publishes official posts.', description_ar: 'تنشر وزارة الصحة منشورات رسمية.',
        is_verified: true, is_active: true, city: { id: world.city, name: 'Damascus', name_ar: 'دمشق' },
        website: 'https://moh.example', email: 'info@moh.example', phone: '+963 11 000 0000',
        active_subsidiary_count: 1, active_department_count: 3,
        post_count: world.posts.filter((p) => p.status === 'published' && p.org === world.orgs.moh).length,
      },
    ]);
  });

  it('searches the code and both names, Arabic-aware, and filters by state', async () => {
    expect(codes((await get(`${BASE}?search=gov2`)).json().results)).toEqual(['GOV20', 'GOV21']);
    expect(codes((await get(`${BASE}?search=${encodeURIComponent('وزارة')}`)).json().results)).toEqual(['MoE', 'MOH']);
    expect(codes((await get(`${BASE}?search=${encodeURIComponent('الْهيئة')}`)).json().results)).toEqual(['OLD']);
    expect(codes((await get(`${BASE}?search=${encodeURIComponent('100%')}`)).json().results)).toEqual([]);
    expect((await get(`${BASE}?is_active=false`)).json().results.map((o: { code: string }) => o.code)).toEqual(['OLD']);
    const verified = (await get(`${BASE}?is_active=true&is_verified=true`)).json();
    expect(verified.count).toBe(12);
    expect(verified.results.every((o: { is_verified: boolean; is_active: boolean }) => o.is_verified && o.is_active)).toBe(true);
    expect((await get(`${BASE}?search=${encodeURIComponent('  ')}`)).json().count).toBe(24);
  });

  it('rejects bad parameters with 400', async () => {
    const res = await get(`${BASE}?is_active=perhaps&page_size=0`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['is_active', 'page_size']);
  });
});

describe('GET /producers/organizations/{code}/', () => {
  it('answers an organization by code, whatever its case', async () => {
    for (const code of ['MOH', 'moh', 'Moh']) {
      const res = await get(`${BASE}${code}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: world.orgs.moh, code: 'MOH', active_subsidiary_count: 1, active_department_count: 3 });
    }
  });

  it('answers an unknown code with 404 in the reader language', async () => {
    expect((await get(`${BASE}NOPE/`)).json()).toEqual({ detail: 'Organization not found.' });
    const ar = await get(`${BASE}NOPE/`, {});
    expect(ar.statusCode).toBe(404);
    expect(ar.json()).toEqual({ detail: 'الجهة غير موجودة.' });
  });
});

describe('GET /producers/organizations/{code}/posts/', () => {
  it('answers the organization’s published posts, newest first', async () => {
    const expected = newestFirst(world.posts.filter((p) => p.status === 'published' && p.org === world.orgs.moe));
    const res = await get(`${BASE}moe/posts/?page_size=100`);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(expected.length);
    expect(res.json().results.map((p: { slug: string }) => p.slug)).toEqual(expected.map((p) => p.slug));
    const first = (await get(`${BASE}moe/posts/`)).json();
    expect(first.results).toHaveLength(Math.min(20, expected.length));
  });

  it('marks the reader’s bookmarks and keeps the answer private', async () => {
    const res = await get(`${BASE}MOH/posts/`, await signIn(ctx, world.users.reader));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers an unknown code with 404, no posts with an empty page, and a page past the end with 404', async () => {
    expect((await get(`${BASE}NOPE/posts/`)).statusCode).toBe(404);
    expect((await get(`${BASE}GOV01/posts/`)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await get(`${BASE}MOH/posts/?page=9`)).json()).toEqual({ detail: 'Invalid page.' });
    expect((await get(`${BASE}MOH/posts/?page_size=500`)).statusCode).toBe(400);
  });
});

describe('GET /producers/organizations/{code}/subsidiaries/ and /departments/', () => {
  it('answers subsidiaries by name with their active departments counted', async () => {
    const res = await get(`${BASE}moh/subsidiaries/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: ids.closed, code: 'MOH-OLD', name: 'Archive Office', name_ar: 'مكتب الأرشيف', description: '', description_ar: '', is_active: false, department_count: 0 },
      { id: world.subsidiary, code: 'MOH-HOSP', name: 'Hospitals Directorate', name_ar: 'مديرية المستشفيات', description: '', description_ar: '', is_active: true, department_count: 2 },
    ]);
    expect((await get(`${BASE}moe/subsidiaries/`)).json()).toEqual([]);
  });

  it('answers departments by name with their subsidiary', async () => {
    const res = await get(`${BASE}MOH/departments/`);
    expect(res.json()).toEqual([
      { id: ids.finance, name: 'Finance', name_ar: 'المالية', is_active: true, subsidiary_id: null, subsidiary_name: null, subsidiary_name_ar: null },
      { id: ids.nursing, name: 'Nursing', name_ar: 'التمريض', is_active: true, subsidiary_id: world.subsidiary, subsidiary_name: 'Hospitals Directorate', subsidiary_name_ar: 'مديرية المستشفيات' },
      { id: ids.records, name: 'Records', name_ar: 'السجلات', is_active: false, subsidiary_id: ids.closed, subsidiary_name: 'Archive Office', subsidiary_name_ar: 'مكتب الأرشيف' },
      { id: ids.surgery, name: 'Surgery', name_ar: 'الجراحة', is_active: true, subsidiary_id: world.subsidiary, subsidiary_name: 'Hospitals Directorate', subsidiary_name_ar: 'مديرية المستشفيات' },
    ]);
  });

  it('answers an unknown organization with 404', async () => {
    expect((await get(`${BASE}NOPE/subsidiaries/`)).json()).toEqual({ detail: 'Organization not found.' });
    expect((await get(`${BASE}NOPE/departments/`)).json()).toEqual({ detail: 'Organization not found.' });
    for (const tail of ['', 'subsidiaries/', 'departments/', 'posts/']) {
      expect((await get(`${BASE}${'A'.repeat(51)}/${tail}`)).statusCode).toBe(400);
    }
  });
});
