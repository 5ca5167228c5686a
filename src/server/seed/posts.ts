/**
 * Makes the demo posts one at a time, in publication order, from one seeded generator: the
 * same options give the same posts, and nothing grows with the number of posts except the
 * reference-number counters (one per organization, type and year).
 */
import { hasArabic } from '../../shared/arabic';
import { extractHashtags, hashtagIdentity } from '../../shared/hashtags';
import type { NewAttachment, NewPostWithRelations } from '../modules/posts/write';
import { TextWriter, type OrgVoice } from './content';
import type { OrganizationDef, OrgKind } from './catalog/organizations';
import { GENERAL_HASHTAGS, POST_TYPES, TRENDING_HASHTAGS, type CategoryDef, type TypeKey } from './catalog/taxonomy';
import { DAY_MS, dayWords } from './dates';
import type { MediaPool, PoolFile } from './media';
import { hashString, Random } from './random';

export interface OrgRef extends OrgVoice {
  id: number;
  subsidiaryIds: number[];
  publisherIds: number[];
}

export interface CategoryRef {
  def: CategoryDef;
  id: number;
  /** Aligned with def.subcategories. */
  subcategoryIds: number[];
}

export interface PostRefs {
  orgs: OrgRef[];
  typeIds: Record<TypeKey, number>;
  categories: CategoryRef[];
  /** hashtagIdentity(name) → id */
  hashtagIds: Map<string, number>;
  pool: MediaPool;
}

/** How much of each type an organization of each kind publishes, in POST_TYPES order. */
const TYPE_WEIGHTS: Record<OrgKind, number[]> = {
  //           dec circ ann stat law decr ord dir reg
  ministry: [22, 18, 22, 14, 1, 0, 4, 8, 10],
  authority: [18, 16, 24, 14, 1, 0, 3, 8, 16],
  municipality: [14, 12, 36, 16, 0, 0, 4, 8, 10],
  university: [20, 22, 36, 12, 0, 0, 2, 6, 2],
  cabinet: [30, 0, 4, 10, 30, 4, 0, 2, 20],
  royal: [0, 0, 0, 20, 5, 45, 30, 0, 0],
};
const TYPE_KEYS = POST_TYPES.map((t) => t.key);

const ATTACHMENT_COUNTS = [0, 1, 2, 3, 4, 5, 6];
const ATTACHMENT_WEIGHTS = [38, 26, 16, 9, 5, 3, 3];

const DOC_WORD: Record<TypeKey, string> = {
  decision: 'القرار', circular: 'التعميم', announcement: 'الإعلان', statement: 'البيان', law: 'القانون',
  decree: 'المرسوم', order: 'الأمر', directive: 'التوجيه', regulation: 'اللائحة',
};

/** Attachment titles and which pool artwork suits them (0, 1 scans; 2 banner; 3 infographic). */
const IMAGE_TITLES: Array<{ ar: string; en: string; art: number[] }> = [
  { ar: 'صورة {doc}', en: 'Scan of the {type}', art: [0, 1] },
  { ar: 'إنفوجرافيك', en: 'Infographic', art: [3] },
  { ar: 'صورة من الحدث', en: 'Event photo', art: [2] },
  { ar: 'ملصق توعوي', en: 'Awareness poster', art: [2, 3] },
  { ar: 'نسخة موقعة من {doc}', en: 'Signed copy of the {type}', art: [0, 1] },
];
const PDF_TITLES: Array<{ ar: string; en: string }> = [
  { ar: 'نص {doc} رقم {n}', en: '{Type} {n} - full text' },
  { ar: 'الدليل الإجرائي', en: 'Procedural guide' },
  { ar: 'النموذج المعتمد', en: 'Approved form' },
  { ar: 'الملحق رقم {k}', en: 'Annex {k}' },
  { ar: 'جدول المواعيد', en: 'Timetable' },
  { ar: 'الضوابط والاشتراطات', en: 'Requirements' },
  { ar: 'الأسئلة الشائعة', en: 'Frequently asked questions' },
  { ar: 'العرض التعريفي', en: 'Presentation' },
];

/** Place tags for organizations in those cities. */
const CITY_TAGS: Record<string, string> = {
  riyadh: 'الرياض', jeddah: 'جدة', makkah: 'مكة_المكرمة', madinah: 'المدينة_المنورة',
  dammam: 'الشرقية', khobar: 'الشرقية', dhahran: 'الشرقية', jubail: 'الشرقية', ahsa: 'الشرقية',
};
const GENERAL_AR = GENERAL_HASHTAGS.filter((h) => hasArabic(h) && !Object.values(CITY_TAGS).includes(h) && h !== 'رؤية_2030');

const SPAN_DAYS = 730;

export class PostFactory {
  private readonly rng: Random;
  private readonly writer: TextWriter;
  private readonly counters = new Map<string, number>();
  private readonly orgWeights: number[];
  private readonly start: number;
  private readonly catBySlug: Map<string, CategoryRef>;

  constructor(
    private readonly refs: PostRefs,
    private readonly total: number,
    private readonly now: Date,
    private readonly seed: number,
  ) {
    this.rng = new Random(seed);
    this.writer = new TextWriter(this.rng);
    this.orgWeights = refs.orgs.map((o) => (o.def.weight ?? 1) * (o.def.active === false ? 0.3 : 1));
    this.start = now.getTime() - SPAN_DAYS * DAY_MS;
    this.catBySlug = new Map(refs.categories.map((c) => [c.def.slug, c]));
  }

  /** The post at position i (0-based) of the run; call with i = 0, 1, 2, … in order. */
  next(i: number): NewPostWithRelations {
    const rng = this.rng;
    const date = this.dateOf(i);
    const ageDays = (this.now.getTime() - date.getTime()) / DAY_MS;
    const org = rng.weighted(this.refs.orgs, this.orgWeights);
    const def = org.def;
    const type = rng.weighted(TYPE_KEYS, TYPE_WEIGHTS[def.kind]);
    const category = this.categoryFor(def);
    const subIndex = rng.int(0, category.def.subcategories.length - 1);
    const subcategory = category.def.subcategories[subIndex];
    const year = dayWords(date).year;
    const number = this.nextNumber(def.code, type, year);

    const catAr = category.def.hashtags.filter(hasArabic);
    const catEn = category.def.hashtags.filter((h) => !hasArabic(h));
    const tagsAr = rng.sample(catAr, rng.int(1, 2));
    if (rng.chance(0.55)) tagsAr.push('رؤية_2030');
    if (rng.chance(0.15)) tagsAr.push(rng.pick(GENERAL_AR));
    const cityTag = CITY_TAGS[org.city.key];
    if (cityTag && rng.chance(0.2)) tagsAr.push(cityTag);
    const tagsEn = rng.sample(catEn, 1);
    if (rng.chance(0.55)) tagsEn.push('Vision2030');
    if (rng.chance(0.15) || !tagsEn.length) tagsEn.push('SaudiArabia');

    const text = this.writer.write({ org, type, category: category.def, subcategory, number, date, hashtagsAr: tagsAr, hashtagsEn: tagsEn });

    const categoryIds = [category.id];
    if (rng.chance(0.25)) {
      const other = rng.pick(this.refs.categories);
      if (other !== category) categoryIds.push(other.id);
    }
    const subcategoryIds: number[] = [];
    if (rng.chance(0.8)) subcategoryIds.push(category.subcategoryIds[subIndex]);
    if (rng.chance(0.25)) subcategoryIds.push(rng.pick(category.subcategoryIds));

    const hashtagNames = extractHashtags(`${text.content_ar}\n${text.content}`);
    const hashtagIds = hashtagNames.map((h) => this.refs.hashtagIds.get(hashtagIdentity(h))).filter((id): id is number => id !== undefined);

    const status = this.statusFor(ageDays);
    const language: 'ar' | 'en' = rng.chance(0.85) ? 'ar' : 'en';
    const trending = hashtagNames.some((h) => TRENDING_HASHTAGS.has(h));
    const views = status === 'draft' ? 0 : this.viewsFor(ageDays, trending);
    const typeDef = POST_TYPES.find((t) => t.key === type)!;
    const attachments = this.attachmentsFor(type, number, language);

    const slug = rng.chance(0.07)
      ? `${typeDef.name_ar}-${def.name_ar}-${number}-${year}`.replace(/[^\p{L}\p{N}]+/gu, '-')
      : `${def.code.toLowerCase()}-${type}-${year}-${number}`;
    const summary = language === 'ar' ? text.summary_ar : text.summary;
    const keywords = language === 'ar'
      ? [typeDef.name_ar, category.def.name_ar, def.name_ar, ...tagsAr.map((t) => t.replace(/_/g, ' '))]
      : [typeDef.name, category.def.name, def.name, ...tagsEn];

    return {
      slug,
      title: text.title,
      title_ar: text.title_ar,
      summary: text.summary,
      summary_ar: text.summary_ar,
      content: text.content,
      content_ar: text.content_ar,
      language,
      status,
      author_id: rng.pick(org.publisherIds),
      type_id: this.refs.typeIds[type],
      organization_id: org.id,
      subsidiary_id: org.subsidiaryIds.length && rng.chance(0.35) ? rng.pick(org.subsidiaryIds) : null,
      published_at: status === 'draft' ? null : date,
      // The number its title gives, over its year; issued the day it was published.
      document_number: `${number}/${year}`,
      issued_on: date.toISOString().slice(0, 10),
      created_at: status === 'draft' ? date : new Date(date.getTime() - rng.int(5, 180) * 60_000),
      view_count: views,
      meta_description: summary.length > 160 ? `${summary.slice(0, 157)}…` : summary,
      meta_keywords: keywords.join(', '),
      category_ids: categoryIds,
      subcategory_ids: subcategoryIds,
      hashtag_ids: hashtagIds,
      attachments,
    };
  }

  /** Spread evenly over the two years before now, in office hours (Riyadh), fewer at weekends. */
  private dateOf(i: number): Date {
    const rng = this.rng;
    let day = Math.floor(((i + rng.next()) / this.total) * SPAN_DAYS);
    const weekday = new Date(this.start + day * DAY_MS).getUTCDay();
    // Friday and Saturday are the weekend: most of their posts move to Thursday.
    if ((weekday === 5 || weekday === 6) && rng.chance(0.7)) day -= weekday === 5 ? 1 : 2;
    const dayStart = Math.floor((this.start + Math.max(0, day) * DAY_MS) / DAY_MS) * DAY_MS;
    const t = dayStart + rng.int(5 * 60, 19 * 60) * 60_000 + rng.int(0, 59) * 1000;
    return new Date(Math.min(t, this.now.getTime() - 60_000));
  }

  private categoryFor(def: OrganizationDef): CategoryRef {
    const own = def.categories.length && this.rng.chance(0.88) ? this.rng.pick(def.categories) : undefined;
    return own ? this.catBySlug.get(own)! : this.rng.pick(this.refs.categories);
  }

  private nextNumber(code: string, type: TypeKey, year: number): number {
    const key = `${code}|${type}|${year}`;
    const last = this.counters.get(key) ?? 40 + (hashString(`${this.seed}|${key}`) % 400);
    const n = last + this.rng.int(1, 4);
    this.counters.set(key, n);
    return n;
  }

  private statusFor(ageDays: number): 'published' | 'draft' | 'archived' {
    const r = this.rng.next();
    if (ageDays < 60) return r < 0.2 ? 'draft' : 'published';
    if (r < 0.015) return 'draft';
    if (ageDays > 365 && r < 0.015 + 0.08) return 'archived';
    if (ageDays > 180 && r < 0.015 + 0.03) return 'archived';
    return 'published';
  }

  /** Log-normal, growing with age and with trending tags; a few posts go viral. */
  private viewsFor(ageDays: number, trending: boolean): number {
    const rng = this.rng;
    let v = Math.exp(3.4 + 1.1 * rng.normal()) * (1 + 4 * (1 - Math.exp(-ageDays / 120)));
    if (trending) v *= 1.3;
    if (rng.chance(0.01)) v *= rng.int(10, 40);
    return Math.min(2_000_000, Math.round(v));
  }

  /** A post's files, each titled in both languages (readers see their own), in the post's language where the pool has it. */
  private attachmentsFor(type: TypeKey, n: number, language: 'ar' | 'en'): NewAttachment[] {
    const rng = this.rng;
    const count = rng.weighted(ATTACHMENT_COUNTS, ATTACHMENT_WEIGHTS);
    if (!count) return [];
    const images = this.refs.pool.images.get(type)!;
    const pdfs = this.refs.pool.pdfs.get(type)!;
    const typeName = POST_TYPES.find((t) => t.key === type)!.name;
    const fill = (s: string, k: number) =>
      s.replace('{doc}', DOC_WORD[type]).replace('{n}', String(n)).replace('{k}', String(k))
        .replace('{type}', typeName).replace('{Type}', typeName.charAt(0).toUpperCase() + typeName.slice(1));
    // One post's files are told apart by name, in downloads and in either language.
    const used = { ar: new Set<string>(), en: new Set<string>() };
    const unique = (title: string, lang: 'ar' | 'en') => {
      let name = title;
      for (let k = 2; used[lang].has(name); k++) name = `${title} (${k})`;
      used[lang].add(name);
      return name;
    };
    const out: NewAttachment[] = [];
    let annex = 0;
    for (let i = 0; i < count; i++) {
      let file: PoolFile;
      let k = 1;
      let t: { ar: string; en: string };
      if (rng.chance(0.55)) {
        t = rng.pick(PDF_TITLES);
        if (t.ar.includes('{k}')) k = ++annex;
        // A document in the post's language where the pool has one (one draw either way).
        const own = pdfs.filter((f) => f.language === language);
        file = rng.pick(own.length ? own : pdfs);
      } else {
        const image = rng.pick(IMAGE_TITLES);
        t = image;
        file = images[rng.pick(image.art)];
      }
      out.push({
        storage_key: file.storage_key,
        thumbnail_key: file.thumbnail_key,
        title_ar: unique(fill(t.ar, k), 'ar'),
        title: unique(fill(t.en, k), 'en'),
        description: '',
        file_type: file.file_type,
        size: file.size,
        file_extension: file.file_extension,
        width: file.width,
        height: file.height,
        sha256: file.sha256,
        pages: file.pages ?? null,
      });
    }
    return out;
  }
}
