import type { Queryable } from '../db/db';
import { ContentFixtures, type AttachmentFixture, type PostTypeName } from './content-fixtures';

const DAY_MS = 24 * 3600 * 1000;
/** Feed posts are published at 10:00 UTC on consecutive days from this one. */
export const FEED_START = Date.UTC(2024, 0, 1, 10);

/** What the tests know about each post, to work out expected answers independently of SQL. */
export interface WorldPost {
  id: number;
  slug: string;
  status: 'published' | 'draft' | 'archived';
  author: number;
  type: PostTypeName;
  org: number | null;
  language: 'ar' | 'en';
  published_at: Date | null;
  view_count: number;
  attachments: number;
  categories: number[];
  subcategories: number[];
  hashtags: number[];
}

export interface World {
  users: { author: number; other: number; staff: number; reader: number };
  types: Record<PostTypeName, number>;
  categories: { health: number; education: number; economy: number };
  subcategories: { hospitals: number; vaccines: number; schools: number };
  hashtags: { qarar: number; covid: number; schools: number; unused: number };
  orgs: { moh: number; moe: number; dormant: number };
  city: number;
  subsidiary: number;
  posts: WorldPost[];
  /** The post with an Arabic slug, a subsidiary, categories, hashtags and attachments. */
  arabicSlug: string;
  /** Posts that mention قرار in one spelling or another. */
  qararSlugs: string[];
}

const PDF: AttachmentFixture = { title_ar: 'Circular 12', file_type: 'application/pdf', file_extension: 'pdf', size: 246_272 };
const PNG: AttachmentFixture = {
  title_ar: 'صورة القرار',
  title: 'Photo of the decision',
  file_type: 'image/png',
  file_extension: 'png',
  size: 1_258_291,
  thumbnail_key: 'thumbs/qarar.webp',
  width: 1200,
  height: 800,
};

/**
 * A small, fully known body of content: 24 feed posts (two per day, so that published_at ties,
 * and view counts that tie too), four about قرار, an archived post and drafts by two authors.
 */
export async function buildWorld(db: Queryable): Promise<World> {
  const f = new ContentFixtures(db);
  const users = {
    author: await f.user('Author', { verified: true, first_name: 'Amal', last_name: 'Haddad', profile_picture: 'avatars/author.png' }),
    other: await f.user('other'),
    staff: await f.user('staffer', { staff: true }),
    reader: await f.user('reader'),
  };
  const types = await f.postTypes();
  const categories = {
    health: await f.category('health', 'Health', 'الصحة', 1),
    education: await f.category('education', 'Education', 'التعليم', 2),
    economy: await f.category('economy', 'Economy', 'الاقتصاد', 3),
  };
  const subcategories = {
    hospitals: await f.subcategory(categories.health, 'hospitals', 'Hospitals', 'المستشفيات'),
    vaccines: await f.subcategory(categories.health, 'vaccines', 'Vaccines', 'اللقاحات', false),
    schools: await f.subcategory(categories.education, 'schools', 'Schools', 'المدارس'),
  };
  const hashtags = {
    qarar: await f.hashtag('القرار', { slug: 'al-qarar', trending: true }),
    covid: await f.hashtag('COVID19', { slug: 'covid19', trending: true }),
    schools: await f.hashtag('المدارس', { slug: 'al-madaris' }),
    unused: await f.hashtag('unused_tag', { slug: 'unused-tag' }),
  };
  const city = await f.city('Damascus', 'دمشق');
  const orgs = {
    moh: await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة', {
      city_id: city, website: 'https://moh.example', email: 'info@moh.example', phone: '+963 11 000 0000',
    }),
    moe: await f.organization('MoE', 'Ministry of Education', 'وزارة التربية'),
    dormant: await f.organization('OLD', 'Old Authority', 'الهيئة القديمة', { verified: false, active: false }),
  };
  const subsidiary = await f.subsidiary(orgs.moh, 'MOH-HOSP', 'Hospitals Directorate', 'مديرية المستشفيات');

  const posts: WorldPost[] = [];
  const add = async (p: Omit<WorldPost, 'id'> & { title?: string; title_ar?: string; summary_ar?: string; content_ar?: string; content?: string; subsidiary_id?: number; attachmentList?: AttachmentFixture[] }) => {
    const attachmentList = p.attachmentList ?? [];
    const id = await f.post({
      slug: p.slug,
      status: p.status,
      author_id: p.author,
      type_id: types[p.type],
      organization_id: p.org,
      subsidiary_id: p.subsidiary_id ?? null,
      language: p.language,
      published_at: p.published_at,
      view_count: p.view_count,
      title: p.title,
      title_ar: p.title_ar,
      summary_ar: p.summary_ar,
      content_ar: p.content_ar,
      content: p.content,
      categories: p.categories,
      subcategories: p.subcategories,
      hashtags: p.hashtags,
      attachments: attachmentList,
    });
    posts.push({ ...p, id, attachments: attachmentList.length });
  };

  const cycle: PostTypeName[] = ['decision', 'circular', 'announcement'];
  for (let i = 0; i < 24; i++) {
    await add({
      slug: `feed-${i}`,
      status: 'published',
      author: i % 5 === 0 ? users.other : users.author,
      type: cycle[i % 3],
      org: i % 2 === 0 ? orgs.moh : orgs.moe,
      language: i % 3 === 0 ? 'en' : 'ar',
      published_at: new Date(FEED_START + Math.floor(i / 2) * DAY_MS),
      view_count: (i % 5) * 10,
      attachments: 0,
      attachmentList: i % 4 === 0 ? [PDF] : [],
      categories: i < 12 ? [categories.health] : [categories.education],
      subcategories: i < 6 ? [subcategories.hospitals] : [],
      hashtags: i % 6 === 0 ? [hashtags.covid] : [],
    });
  }

  const qararSlugs = ['قرار-وزاري-رقم-12', 'qarar-in-content', 'qarar-with-conjunction', 'qarar-with-diacritics'];
  const late = (days: number) => new Date(FEED_START + (30 + days) * DAY_MS);
  await add({
    slug: qararSlugs[0], status: 'published', author: users.author, type: 'decision', org: orgs.moh, language: 'ar',
    published_at: late(0), view_count: 500, attachments: 0, attachmentList: [PNG, PDF],
    title: 'Ministerial decision no. 12', title_ar: 'قرار وزاري رقم ١٢', subsidiary_id: subsidiary,
    categories: [categories.health, categories.education], subcategories: [subcategories.hospitals, subcategories.schools],
    hashtags: [hashtags.qarar, hashtags.schools],
  });
  await add({
    slug: qararSlugs[1], status: 'published', author: users.author, type: 'circular', org: orgs.moe, language: 'ar',
    published_at: late(1), view_count: 3, attachments: 0, content_ar: 'صدر القرار اليوم بشأن المدارس',
    categories: [categories.education], subcategories: [], hashtags: [hashtags.qarar, hashtags.schools],
  });
  await add({
    slug: qararSlugs[2], status: 'published', author: users.other, type: 'statement', org: null, language: 'ar',
    published_at: late(2), view_count: 7, attachments: 0, summary_ar: 'والقرار نافذ من تاريخه',
    categories: [], subcategories: [], hashtags: [hashtags.qarar],
  });
  await add({
    slug: qararSlugs[3], status: 'published', author: users.author, type: 'decision', org: orgs.moh, language: 'ar',
    published_at: late(3), view_count: 1, attachments: 0, title_ar: 'قَرَارُ تعديل الدوام',
    categories: [categories.health], subcategories: [], hashtags: [],
  });
  await add({
    slug: 'unrelated-circular', status: 'published', author: users.author, type: 'circular', org: orgs.moe, language: 'en',
    published_at: late(4), view_count: 2, attachments: 0, title: 'Working hours', title_ar: 'تعميم بشأن الدوام',
    content: 'The ministry announces new working hours for schools.', categories: [], subcategories: [], hashtags: [],
  });
  await add({
    slug: 'archived-post', status: 'archived', author: users.author, type: 'law', org: orgs.moh, language: 'ar',
    published_at: new Date(FEED_START - 400 * DAY_MS), view_count: 900, attachments: 0, title_ar: 'قانون قديم ملغى',
    categories: [categories.health], subcategories: [], hashtags: [hashtags.qarar],
  });
  await add({
    slug: 'draft-by-author', status: 'draft', author: users.author, type: 'decision', org: orgs.moh, language: 'ar',
    published_at: null, view_count: 0, attachments: 0, title_ar: 'مسودة قرار', categories: [], subcategories: [], hashtags: [hashtags.qarar],
  });
  await add({
    slug: 'draft-by-other', status: 'draft', author: users.other, type: 'order', org: orgs.moe, language: 'en',
    published_at: null, view_count: 0, attachments: 0, categories: [], subcategories: [], hashtags: [],
  });
  await f.refreshCounts();

  return { users, types, categories, subcategories, hashtags, orgs, city, subsidiary, posts, arabicSlug: qararSlugs[0], qararSlugs };
}

/** The published posts of a world, newest first with ids breaking ties, as the feed orders them. */
export function newestFirst(posts: WorldPost[]): WorldPost[] {
  return [...posts].sort(
    (a, b) => (b.published_at?.getTime() ?? Infinity) - (a.published_at?.getTime() ?? Infinity) || b.id - a.id,
  );
}
