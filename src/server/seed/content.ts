/**
 * The text of one demo post in Arabic and English: title, summary and a body of several
 * paragraphs written the way each kind of official text is written (a decision's preamble and
 * numbered clauses, a circular's reference to an earlier one, a statement's clarification …),
 * with the organization's real website, hashtags inline and at the end, and numbers and dates
 * that differ from post to post.
 */
import { CITIES, REGIONS, type City } from './catalog/places';
import type { OrganizationDef, OrgKind } from './catalog/organizations';
import { DEPARTMENTS } from './catalog/organizations';
import { SECTORS, type CategoryDef, type Pair, type SubcategoryDef, type TypeKey } from './catalog/taxonomy';
import { DAY_MS, dayWords, MONTHS } from './dates';
import type { Random } from './random';
import type { PostText } from '../modules/posts/write';

export interface OrgVoice {
  def: OrganizationDef;
  city: City;
  email: string;
  phone: string;
}

export type { PostText } from '../modules/posts/write';

export interface PostTextInput {
  org: OrgVoice;
  type: TypeKey;
  category: CategoryDef;
  subcategory: SubcategoryDef;
  /** The reference number of the text (decision No. …). */
  number: number;
  date: Date;
  hashtagsAr: string[];
  hashtagsEn: string[];
}

const ORDINALS_AR = ['أولاً', 'ثانياً', 'ثالثاً', 'رابعاً', 'خامساً', 'سادساً'];
const ORDINALS_EN = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth'];
const ARTICLES_AR = ['المادة الأولى', 'المادة الثانية', 'المادة الثالثة', 'المادة الرابعة', 'المادة الخامسة', 'المادة السادسة'];
const QUARTERS: Pair[] = [['الأول', 'first'], ['الثاني', 'second'], ['الثالث', 'third'], ['الرابع', 'fourth']];
const SEASONS: Pair[] = [['الشتاء', 'winter'], ['الربيع', 'spring'], ['الصيف', 'summer'], ['الخريف', 'autumn']];

/** The name as it reads inside an English sentence. */
export function theName(def: OrganizationDef): string {
  return def.kind === 'university' ? def.name : `the ${def.name}`;
}

export function headOf(def: OrganizationDef): Pair {
  if (def.head) return def.head;
  switch (def.kind) {
    case 'ministry':
      return [def.name_ar.replace(/^وزارة/, 'وزير'), def.name.replace(/^Ministry/, 'Minister')];
    case 'municipality':
      return [def.name_ar.replace(/^أمانة/, 'أمين'), `Mayor of ${def.name.replace(/ (Region )?Municipality$/, '')}`];
    case 'university':
      return [`رئيس ${def.name_ar}`, `President of ${def.name}`];
    default:
      return [`رئيس ${def.name_ar}`, `President of the ${def.name}`];
  }
}

const DECISION_LABEL: Record<OrgKind, Pair> = {
  ministry: ['قرار وزاري', 'Ministerial Decision'],
  authority: ['قرار إداري', 'Administrative Decision'],
  municipality: ['قرار بلدي', 'Municipal Decision'],
  university: ['قرار مجلس الجامعة', 'University Council Resolution'],
  cabinet: ['قرار مجلس الوزراء', 'Council of Ministers Resolution'],
  royal: ['أمر ملكي', 'Royal Order'],
};

/** Who a field's circulars and directives are addressed to, and its public e-service. */
const FIELD: Record<string, { audience: Pair; platform: string }> = {
  education: { audience: ['إدارات التعليم في المناطق والمحافظات', 'the education departments of all regions'], platform: 'https://schools.madrasati.sa' },
  health: { audience: ['المنشآت الصحية الحكومية والخاصة', 'public and private health facilities'], platform: 'https://www.sehhaty.sa' },
  economy: { audience: ['المنشآت التجارية والمستثمرين', 'businesses and investors'], platform: 'https://business.sa' },
  finance: { audience: ['المكلفين والمنشآت الخاضعة', 'taxpayers and the businesses concerned'], platform: 'https://zatca.gov.sa/ar/eServices' },
  transport: { audience: ['شركات النقل والمشغلين', 'transport companies and operators'], platform: 'https://www.mot.gov.sa/ar/eservices' },
  labor: { audience: ['منشآت القطاع الخاص', 'private-sector establishments'], platform: 'https://www.qiwa.sa' },
  municipal: { audience: ['البلديات الفرعية والإدارات المختصة', 'the sub-municipalities and departments concerned'], platform: 'https://balady.gov.sa' },
  environment: { audience: ['الفروع والإدارات الميدانية', 'the branches and field departments'], platform: 'https://www.mewa.gov.sa/ar/eServices' },
  energy: { audience: ['الشركات والمنشآت العاملة في القطاع', 'companies operating in the sector'], platform: 'https://taadeen.sa' },
  technology: { audience: ['الجهات الحكومية كافة', 'all government bodies'], platform: 'https://www.my.gov.sa' },
  justice: { audience: ['المحاكم وكتابات العدل', 'the courts and notaries'], platform: 'https://najiz.sa' },
  security: { audience: ['الإدارات الميدانية في جميع المناطق', 'field departments in all regions'], platform: 'https://www.absher.sa' },
  tourism: { audience: ['مقدمي الخدمات السياحية والثقافية', 'tourism and cultural service providers'], platform: 'https://www.visitsaudi.com' },
  sports: { audience: ['الأندية والاتحادات الرياضية', 'sports clubs and federations'], platform: 'https://www.mos.gov.sa/ar/eservices' },
  hajj: { audience: ['شركات ومؤسسات خدمة ضيوف الرحمن', 'companies serving pilgrims'], platform: 'https://www.nusuk.sa' },
};

/** A clause of a decision, circular, order, law or regulation: {this} is "this decision" etc. */
const CLAUSES: Pair[] = [
  ['تلتزم الجهات المعنية بتنفيذ ما ورد في {this_ar} خلال مدة لا تتجاوز {days} يومًا من تاريخ الصدور.',
    'The bodies concerned shall implement {this} within {days} days of issue.'],
  ['تُسند إلى {dept_ar} متابعة التنفيذ ورفع تقرير دوري بنتائجه كل {period_ar}.',
    'The {dept} shall follow up implementation and report on it every {period}.'],
  ['يُلغى كل ما يتعارض مع {this_ar} من قرارات وتعليمات سابقة.',
    'Any earlier decisions or instructions that conflict with {this} are repealed.'],
  ['تُتاح النماذج والأدلة الإجرائية ذات العلاقة عبر الموقع الرسمي {url} للاطلاع والتحميل.',
    'The related forms and procedural guides can be viewed and downloaded at {url} on the official website.'],
  ['يُستثنى من تطبيق الأحكام الواردة الحالات التي يصدر بشأنها قرار مسبَّب من صاحب الصلاحية.',
    'Cases covered by a reasoned decision of the competent authority are exempt.'],
  ['تُطبَّق على المخالفين الجزاءات المنصوص عليها في {law_ar} ولوائحه التنفيذية.',
    'Violators are subject to the penalties set out in {law} and its implementing regulations.'],
  ['تُراجَع الأحكام الواردة بعد مضي {months} أشهر من بدء التطبيق في ضوء ما يظهر من ملاحظات.',
    'These provisions shall be reviewed {months} months after they take effect, in the light of experience.'],
  ['يُراعى في التطبيق التدرج وإتاحة فترة انتقالية للجهات المشمولة مدتها {days} يومًا.',
    'Implementation shall be gradual, with a transition period of {days} days for the bodies concerned.'],
  ['تُنشر الإحصاءات والمؤشرات المتعلقة بالتطبيق بشكل دوري عبر منصة البيانات المفتوحة https://open.data.gov.sa للاطلاع العام.',
    'Statistics and indicators on implementation shall be published regularly on the open data platform https://open.data.gov.sa for public access.'],
];

const LAST_CLAUSE: Pair = ['يُبلَّغ {this_ar} لمن يلزم لاعتماده والعمل بموجبه، ويُنشر في الموقع الرسمي.',
  '{This} shall be communicated to those concerned for action and published on the official website.'];

/** Details an announcement or statement gives. */
const DETAILS: Pair[] = [
  ['الخدمة متاحة عبر المنصات الإلكترونية للجهة على مدار الساعة دون الحاجة إلى مراجعة الفروع',
    'the service is available online around the clock, with no need to visit a branch'],
  ['التقديم يبدأ في {start_ar} ويستمر حتى {end_ar}',
    'applications open on {start} and close on {end}'],
  ['الأولوية ستكون للحالات الأكثر احتياجًا وفق المعايير المعتمدة',
    'priority will go to the cases most in need, according to the approved criteria'],
  ['العمل جارٍ على تعميم التجربة على بقية المناطق خلال المرحلة المقبلة',
    'the scheme will be extended to the other regions in the next phase'],
  ['عدد المستفيدين المتوقع يتجاوز {people} مستفيد في مختلف مناطق المملكة',
    'more than {people} beneficiaries are expected across the Kingdom'],
  ['جميع الاستفسارات تُستقبل عبر مركز الاتصال الموحد {phone} وحسابات الجهة الرسمية',
    'all enquiries are answered through the unified contact centre {phone} and the official accounts'],
  ['المرحلة الأولى تشمل منطقة {region_ar} على أن تتبعها بقية المناطق تباعًا',
    'the first phase covers the {region} Region, with the other regions to follow'],
  ['الرسوم المقررة لا تتجاوز {fee} ريال وتُسدَّد إلكترونيًا عبر نظام سداد',
    'the fee is no more than SAR {fee}, payable online through SADAD'],
];

const QUOTES: Pair[] = [
  ['هذه الخطوة تعكس حرص القيادة الرشيدة على تقديم أفضل الخدمات للمواطنين والمقيمين',
    'this step reflects the leadership’s commitment to the best possible services for citizens and residents'],
  ['الجهة ماضية في تطوير إجراءاتها بما يرفع رضا المستفيدين ويختصر الوقت والجهد',
    'the organization will keep improving its procedures to raise satisfaction and save time and effort'],
  ['ما جرى تداوله في بعض وسائل التواصل الاجتماعي غير دقيق، وأن المعلومات الصحيحة تُستقى من القنوات الرسمية',
    'what has circulated on some social media is inaccurate, and that correct information comes from official channels'],
  ['النتائج الأولية مشجعة وتؤكد جدوى المبادرة وأثرها الإيجابي',
    'the first results are encouraging and confirm the value of the initiative'],
];

const PERIODS: Pair[] = [['ثلاثة أشهر', 'three months'], ['ستة أشهر', 'six months'], ['شهر', 'month'], ['سنة', 'year']];

interface Vars {
  [key: string]: string;
}

function fill(template: string, vars: Vars): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => vars[key] ?? m);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The preposition ل joined to a word: لنظام, and للهيئة where it meets the article (ل + ال). */
export function li(word: string): string {
  return word.startsWith('ال') ? `لل${word.slice(2)}` : `ل${word}`;
}

function listAr(items: string[], ordinals: string[]): string {
  return items.map((t, i) => `${ordinals[i]}: ${t}`).join('\n');
}

/** Makes the text of posts; one instance per seed run, drawing from its generator. */
export class TextWriter {
  constructor(private readonly rng: Random) {}

  write(input: PostTextInput): PostText {
    const rng = this.rng;
    const { org, type, category, subcategory, number: n, date } = input;
    const def = org.def;
    const day = dayWords(date);
    const effective = dayWords(new Date(date.getTime() + rng.int(0, 45) * DAY_MS));
    const start = dayWords(new Date(date.getTime() + rng.int(3, 20) * DAY_MS));
    const end = dayWords(new Date(date.getTime() + rng.int(25, 75) * DAY_MS));
    const earlier = dayWords(new Date(date.getTime() - rng.int(60, 700) * DAY_MS));
    const [head_ar, head_en] = headOf(def);
    const law = rng.pick(category.laws);
    const topicPair = rng.pick(subcategory.topics);
    const city = rng.pick(CITIES);
    let city2 = rng.pick(CITIES);
    if (city2 === city) city2 = CITIES[(CITIES.indexOf(city) + 1) % CITIES.length];
    const region = rng.pick(REGIONS);
    // Figures are published for the month or quarter that has just ended.
    const lastMonth = new Date(date.getTime() - 20 * DAY_MS);
    const lastQuarter = new Date(date.getTime() - 45 * DAY_MS);
    const month = MONTHS[lastMonth.getUTCMonth()];
    const quarter = QUARTERS[Math.floor(lastQuarter.getUTCMonth() / 3)];
    const season = SEASONS[Math.floor(((date.getUTCMonth() + 1) % 12) / 3)];
    const sector = rng.pick(SECTORS);
    const dept = rng.pick(DEPARTMENTS);
    const period = rng.pick(PERIODS);
    const field = FIELD[category.slug] ?? FIELD.technology;
    // Numbered in Hijri years since unification (1351 AH), so it runs ahead of 1932: 2025 held the 95th.
    const nationalDay = day.year - 1930;
    const section = rng.pick(['news', 'news', 'mediacenter', 'decisions', 'circulars']);
    const lang = rng.chance(0.5) ? '' : '/ar';
    const vars: Vars = {
      n: String(n),
      year: String(day.year),
      hyear: String(day.hijriYear),
      org_ar: def.name_ar,
      org: theName(def),
      head_ar,
      head: head_en,
      city_ar: city.name_ar,
      city: city.name,
      city2_ar: city2.name_ar,
      city2: city2.name,
      region_ar: region.name_ar,
      region: region.name,
      month_ar: month[0],
      month: month[1],
      quarter_ar: quarter[0],
      quarter: quarter[1],
      month_year: String(lastMonth.getUTCFullYear()),
      quarter_year: String(lastQuarter.getUTCFullYear()),
      season_ar: season[0],
      season: season[1],
      sector_ar: sector[0],
      sector: sector[1],
      pct: String(rng.pick([20, 25, 30, 35, 40, 50, 60, 70])),
      beds: String(rng.pick([100, 150, 200, 300, 400, 500])),
      ...((trees) => ({ trees_ar: trees[0], trees: trees[1] }))(
        rng.pick([['مليون', 'a million'], ['500 ألف', '500,000'], ['250 ألف', '250,000'], ['2 مليون', '2 million']] as const),
      ),
      mw: String(rng.pick([300, 600, 1000, 1500, 2000, 3000])),
      national_day: String(nationalDay),
      national_day_en: ordinal(nationalDay),
      days: String(rng.pick([15, 30, 30, 60, 90])),
      months: String(rng.pick([3, 6, 6, 12])),
      people: rng.pick(['10,000', '25,000', '50,000', '120,000', '300,000']),
      fee: String(rng.pick([50, 100, 150, 200, 300, 500])),
      phone: org.phone,
      dept_ar: dept[0],
      dept: dept[1],
      period_ar: period[0],
      period: period[1],
      law_ar: law[0],
      law: law[1],
      effective_ar: effective.ar,
      effective: effective.en,
      start_ar: start.ar,
      start: start.en,
      end_ar: end.ar,
      end: end.en,
      url: `https://www.${def.domain}${lang}/${section}/${day.year}/${n}`,
      site: `www.${def.domain}`,
      // Verb and pronoun endings that agree with the organization (أصدرت الوزارة / أصدر البنك).
      at: def.masculine ? '' : 'ت',
      ta: def.masculine ? 'ي' : 'ت',
      ha: def.masculine ? 'ه' : 'ها',
      audience_ar: field.audience[0],
      audience: field.audience[1],
    };
    const topic_ar = fill(topicPair[0], vars);
    const topic = fill(topicPair[1], vars);
    vars.topic_ar = topic_ar;
    vars.topic = topic;

    const t = this.typeText(type, def, law, vars, day, earlier);
    const [tagAr, ...restAr] = input.hashtagsAr;
    const [tagEn, ...restEn] = input.hashtagsEn;

    const context = rng.pick(category.context);
    let contextAr = fill(context[0], vars);
    let contextEn = capitalize(fill(context[1], vars));
    if (tagAr) contextAr += rng.chance(0.5) ? ` #${tagAr}` : ` ويمكن متابعة المستجدات عبر وسم #${tagAr}.`;
    if (tagEn) contextEn += ` #${tagEn}`;

    const contactAr = rng.pick([
      `وللاطلاع على التفاصيل الكاملة يمكن زيارة الموقع الرسمي ${vars.url} أو التواصل عبر البريد الإلكتروني ${org.email} أو الاتصال على ${org.phone}.`,
      `ويمكن الاطلاع على النص الكامل والمرفقات عبر ${vars.site} كما تُقدَّم الخدمات ذات العلاقة إلكترونيًا عبر ${field.platform}.`,
      `ولمزيد من المعلومات يُرجى زيارة ${vars.url} أو التواصل مع مركز خدمة المستفيدين على الرقم ${org.phone}.`,
    ]);
    const contactEn = rng.pick([
      `The full text is available at ${vars.url} and enquiries can be sent to ${org.email} or made by phone on ${org.phone}.`,
      `The full text and attachments are on ${vars.site} and the related services are available online at ${field.platform}.`,
      `For more information visit ${vars.url} or call the beneficiary service centre on ${org.phone}.`,
    ]);
    const tagLineAr = restAr.map((h) => `#${h}`).join(' ');
    const tagLineEn = restEn.map((h) => `#${h}`).join(' ');

    const content_ar = [t.opening_ar, t.body_ar, contextAr, contactAr, tagLineAr, t.closing_ar].filter(Boolean).join('\n\n');
    const content = [t.opening, t.body, contextEn, contactEn, tagLineEn, t.closing].filter(Boolean).join('\n\n');
    return {
      title_ar: t.title_ar,
      title: t.title,
      summary_ar: t.summary_ar,
      summary: t.summary,
      content_ar,
      content,
    };
  }

  private clauses(count: number, vars: Vars): { ar: string[]; en: string[] } {
    const picked = this.rng.sample(CLAUSES, count - 1);
    picked.push(LAST_CLAUSE);
    return {
      ar: picked.map((c) => fill(c[0], vars)),
      en: picked.map((c) => capitalize(fill(c[1], vars))),
    };
  }

  private details(vars: Vars): { ar: string; en: string } {
    const picked = this.rng.sample(DETAILS, this.rng.int(2, 3));
    return {
      ar: `وتتضمن أبرز التفاصيل ما يلي:\n${picked.map((d) => `- ${fill(d[0], vars)}.`).join('\n')}`,
      en: `The main points are:\n${picked.map((d) => `- ${capitalize(fill(d[1], vars))}.`).join('\n')}`,
    };
  }

  private typeText(type: TypeKey, def: OrganizationDef, law: Pair, v: Vars, day: ReturnType<typeof dayWords>, earlier: ReturnType<typeof dayWords>) {
    const rng = this.rng;
    const Org = capitalize(v.org);
    const orderRef = rng.int(10, 480);
    const decreeNo = rng.int(2, 190);
    const resolutionNo = rng.int(100, 900);
    const legalBasis: Pair = [
      `${law[0]} الصادر بالمرسوم الملكي رقم (م/${decreeNo}) وتاريخ ${earlier.hijri}هـ`,
      `${law[1]}, issued by Royal Decree No. (M/${decreeNo}) dated ${earlier.hijri} AH`,
    ];
    const out = { title: '', title_ar: '', summary: '', summary_ar: '', opening: '', opening_ar: '', body: '', body_ar: '', closing: '', closing_ar: '' };
    const withClauses = (this_ar: string, this_en: string, numbered: 'ordinal' | 'article', count = rng.int(3, 5)) => {
      const c = this.clauses(count, { ...v, this_ar, this: this_en, This: capitalize(this_en) });
      if (numbered === 'article') {
        out.body_ar = listAr(c.ar, ARTICLES_AR);
        out.body = c.en.map((s, i) => `Article ${i + 1}: ${s}`).join('\n');
      } else {
        out.body_ar = listAr(c.ar, ORDINALS_AR);
        out.body = c.en.map((s, i) => `${ORDINALS_EN[i]}: ${s}`).join('\n');
      }
    };

    switch (type) {
      case 'decision': {
        const [label_ar, label_en] = DECISION_LABEL[def.kind];
        out.title_ar = `${label_ar} رقم ${v.n} لعام ${v.year} بشأن ${v.topic_ar}`;
        out.title = `${label_en} No. ${v.n} of ${v.year} on ${v.topic}`;
        out.summary_ar = `أصدر ${v.head_ar} القرار رقم ${v.n} لعام ${v.year} بشأن ${v.topic_ar}، على أن يُعمل به اعتبارًا من ${v.effective_ar}.`;
        out.summary = `The ${v.head} has issued Decision No. ${v.n} of ${v.year} on ${v.topic}, effective from ${v.effective}.`;
        out.opening_ar = `إن ${v.head_ar}، بناءً على الصلاحيات المخولة له نظامًا، وبعد الاطلاع على ${legalBasis[0]}، وعلى العرض المقدَّم من ${v.dept_ar}، وتحقيقًا للمصلحة العامة، يقرر ما يلي:`;
        out.opening = `The ${v.head}, by virtue of the powers vested by law, having reviewed ${legalBasis[1]}, and the proposal of the ${v.dept}, and in the public interest, decides as follows:`;
        withClauses('هذا القرار', 'this decision', 'ordinal');
        out.closing_ar = `والله الموفق،\n${v.head_ar}`;
        out.closing = v.head;
        break;
      }
      case 'circular': {
        const audience: Pair = [v.audience_ar, v.audience];
        out.title_ar = rng.chance(0.5)
          ? `تعميم رقم ${v.n}/${v.hyear} بشأن ${v.topic_ar}`
          : `تعميم ${v.org_ar} رقم ${v.n} بشأن ${v.topic_ar}`;
        out.title = `Circular No. ${v.n}/${v.hyear} on ${v.topic}`;
        out.summary_ar = `أصدر${v.at} ${v.org_ar} تعميمًا إلى ${audience[0]} بشأن ${v.topic_ar}، وأكد${v.at} ضرورة الالتزام بما ورد فيه اعتبارًا من ${v.effective_ar}.`;
        out.summary = `${Org} has sent a circular to ${audience[1]} on ${v.topic}, to be observed from ${v.effective}.`;
        out.opening_ar = `إلى ${audience[0]}\nالسلام عليكم ورحمة الله وبركاته، وبعد:\nإلحاقًا بتعميمنا رقم ${orderRef} وتاريخ ${earlier.hijri}هـ، وحرصًا على توحيد الإجراءات، نفيدكم بما يلي بشأن ${v.topic_ar}:`;
        out.opening = `To ${audience[1]}\nFurther to our circular No. ${orderRef} of ${earlier.hijri} AH, and so that procedures are applied consistently, please note the following on ${v.topic}:`;
        withClauses('هذا التعميم', 'this circular', 'ordinal');
        out.closing_ar = `وتقبلوا تحياتنا،\n${v.head_ar}`;
        out.closing = `Yours sincerely,\n${v.head}`;
        break;
      }
      case 'announcement': {
        out.title_ar = rng.pick([`إعلان بشأن ${v.topic_ar}`, `${v.org_ar} ${v.ta}علن عن ${v.topic_ar}`, `إعلان: ${v.topic_ar}`]);
        out.title = rng.pick([`Announcement on ${v.topic}`, `Announcement: ${capitalize(v.topic)}`]);
        out.summary_ar = `${v.ta}علن ${v.org_ar} عن ${v.topic_ar}، و${v.ta}دعو المستفيدين إلى الاطلاع على التفاصيل عبر موقع${v.ha} الرسمي.`;
        out.summary = `${Org} has published an announcement on ${v.topic}; the details are on its official website.`;
        out.opening_ar = `${v.ta}علن ${v.org_ar} عن ${v.topic_ar}، وذلك اعتبارًا من ${v.effective_ar}، ضمن خطت${v.ha} لتطوير خدمات${v.ha} في مدينة ${v.city_ar} وبقية مناطق المملكة.`;
        out.opening = `${Org} announces the following on ${v.topic}, effective ${v.effective}, as part of its plan to improve its services in ${v.city} and across the Kingdom.`;
        const d = this.details(v);
        out.body_ar = d.ar;
        out.body = d.en;
        break;
      }
      case 'statement': {
        const quote = rng.pick(QUOTES);
        out.title_ar = rng.pick([`بيان صحفي بشأن ${v.topic_ar}`, `بيان ${v.org_ar} حول ${v.topic_ar}`]);
        out.title = rng.pick([`Press statement on ${v.topic}`, `Statement by ${v.org} on ${v.topic}`]);
        out.summary_ar = `أصدر${v.at} ${v.org_ar} بيانًا بشأن ${v.topic_ar}، أوضح${v.at} فيه مستجدات الموضوع والإجراءات المتخذة.`;
        out.summary = `${Org} has issued a statement on ${v.topic}, setting out the latest developments and the steps taken.`;
        if (rng.chance(0.5)) {
          out.opening_ar = `تابع${v.at} ${v.org_ar} ما جرى تداوله مؤخرًا بشأن ${v.topic_ar}، و${v.ta}ود أن ${v.ta}وضح ما يلي:`;
          out.opening = `${Org} has followed what has recently been said about ${v.topic} and would like to clarify the following:`;
        } else {
          out.opening_ar = `أعلن${v.at} ${v.org_ar} في ${v.city_ar} بتاريخ ${day.ar} آخر المستجدات المتعلقة ب${v.topic_ar}.`;
          out.opening = `${Org} set out in ${v.city} on ${day.en} the latest developments on ${v.topic}.`;
        }
        const d = this.details(v);
        out.body_ar = `${d.ar}\n\nوأكد المتحدث الرسمي باسم ${v.org_ar} أن ${fill(quote[0], v)}.`;
        out.body = `${d.en}\n\nThe official spokesperson of ${v.org} said that ${fill(quote[1], v)}.`;
        break;
      }
      case 'law': {
        const amend = rng.chance(0.4);
        out.title_ar = `قانون رقم ${v.n} لسنة ${v.year} ${amend ? 'بتعديل بعض أحكام' : 'بإصدار'} ${law[0]}`;
        out.title = `Law No. ${v.n} of ${v.year} ${amend ? 'amending certain provisions of' : 'promulgating'} ${law[1]}`;
        out.summary_ar = `صدر القانون رقم ${v.n} لسنة ${v.year} ${amend ? 'بتعديل بعض أحكام' : 'بإصدار'} ${law[0]}، ويُعمل به بعد ${v.days} يومًا من تاريخ نشره في الجريدة الرسمية.`;
        out.summary = `Law No. ${v.n} of ${v.year} ${amend ? 'amending' : 'promulgating'} ${law[1]} has been issued and takes effect ${v.days} days after its publication in the Official Gazette.`;
        out.opening_ar = `بعد الاطلاع على النظام الأساسي للحكم، وعلى قرار مجلس الوزراء رقم (${resolutionNo}) وتاريخ ${earlier.hijri}هـ، وبعد دراسة ما رفعته الجهات المختصة بشأن ${v.topic_ar}، صدر القانون الآتي نصه:`;
        out.opening = `Having regard to the Basic Law of Governance and Council of Ministers Resolution No. (${resolutionNo}) of ${earlier.hijri} AH, and having considered the submissions of the competent bodies on ${v.topic}, the following law is issued:`;
        withClauses('هذا القانون', 'this law', 'article', rng.int(4, 6));
        out.closing_ar = `صدر في ${day.hijri}هـ الموافق ${day.ar}م.`;
        out.closing = `Issued on ${day.hijri} AH (${day.en}).`;
        break;
      }
      case 'decree': {
        const amend = rng.chance(0.35);
        out.title_ar = `مرسوم ملكي رقم (م/${v.n}) وتاريخ ${day.hijri}هـ بالموافقة على ${amend ? 'تعديل ' : ''}${law[0]}`;
        out.title = `Royal Decree No. (M/${v.n}) of ${day.hijri} AH approving ${amend ? 'amendments to ' : ''}${law[1]}`;
        out.summary_ar = `صدر مرسوم ملكي بالموافقة على ${amend ? 'تعديل ' : ''}${law[0]}، بعد الاطلاع على قرار مجلس الوزراء ذي الصلة، على أن يُنشر في الجريدة الرسمية ويُعمل به من تاريخ نشره.`;
        out.summary = `A royal decree has approved ${amend ? 'amendments to ' : ''}${law[1]}, following the related Council of Ministers resolution; it takes effect on publication in the Official Gazette.`;
        out.opening_ar = `بعون الله تعالى، بناءً على المادة (السبعين) من النظام الأساسي للحكم، وبعد الاطلاع على قرار مجلس الوزراء رقم (${resolutionNo}) وتاريخ ${earlier.hijri}هـ، رسمنا بما هو آت:`;
        out.opening = `With the help of God Almighty, pursuant to Article 70 of the Basic Law of Governance, and having reviewed Council of Ministers Resolution No. (${resolutionNo}) of ${earlier.hijri} AH, we decree as follows:`;
        withClauses('هذا المرسوم', 'this decree', 'ordinal', rng.int(3, 4));
        out.closing_ar = `صدر في ${day.hijri}هـ.`;
        out.closing = `Issued on ${day.hijri} AH.`;
        break;
      }
      case 'order': {
        const royal = def.kind === 'royal';
        out.title_ar = royal ? `أمر ملكي رقم (أ/${v.n}) بشأن ${v.topic_ar}` : `أمر إداري رقم ${v.n} لعام ${v.year} بشأن ${v.topic_ar}`;
        out.title = royal ? `Royal Order No. (A/${v.n}) on ${v.topic}` : `Administrative Order No. ${v.n} of ${v.year} on ${v.topic}`;
        out.summary_ar = `صدر ${royal ? 'أمر ملكي' : `أمر إداري من ${v.head_ar}`} بشأن ${v.topic_ar}، ويُبلَّغ إلى الجهات المختصة لاعتماده وتنفيذه.`;
        out.summary = `${royal ? 'A royal order' : `An administrative order from the ${v.head}`} has been issued on ${v.topic} and sent to the competent bodies for action.`;
        out.opening_ar = `بناءً على ما تقتضيه المصلحة العامة، وبعد الاطلاع على ${legalBasis[0]}، ${royal ? 'أمرنا بما هو آت' : 'تقرر ما يلي'}:`;
        out.opening = `In the public interest, and having reviewed ${legalBasis[1]}, ${royal ? 'we order as follows' : 'it is ordered as follows'}:`;
        withClauses('هذا الأمر', 'this order', 'ordinal', rng.int(3, 4));
        out.closing_ar = royal ? '' : v.head_ar;
        out.closing = royal ? '' : v.head;
        break;
      }
      case 'directive': {
        const audience: Pair = rng.chance(0.5)
          ? [v.audience_ar, v.audience]
          : [`منسوبي ${v.org_ar} والجهات التابعة`, `the staff of ${v.org} and its affiliated bodies`];
        out.title_ar = `توجيه ${v.head_ar} بشأن ${v.topic_ar}`;
        out.title = `Directive from the ${v.head} on ${v.topic}`;
        out.summary_ar = `وجّه ${v.head_ar} ${audience[0]} بمتابعة ما يتعلق ب${v.topic_ar}، مؤكدًا أهمية سرعة الإنجاز وجودة الخدمة.`;
        out.summary = `The ${v.head} has directed ${audience[1]} to follow up on ${v.topic}, stressing speed and quality of service.`;
        out.opening_ar = `وجّه ${v.head_ar} ${audience[0]} بمتابعة ما يتعلق ب${v.topic_ar}، وذلك خلال الاجتماع الدوري لقيادات ${v.org_ar} الذي عُقد في ${v.city_ar} بتاريخ ${day.ar}.`;
        out.opening = `The ${v.head} has directed ${audience[1]} to follow up on ${v.topic}, at the regular leadership meeting of ${v.org} held in ${v.city} on ${day.en}.`;
        const d = this.details(v);
        out.body_ar = `${d.ar}\n\nوشدد على ضرورة رفع تقرير بما يتم إنجازه خلال ${v.period_ar}.`;
        out.body = `${d.en}\n\nA progress report is to be submitted within a ${v.period}.`;
        break;
      }
      case 'regulation': {
        const implementing = rng.chance(0.6);
        out.title_ar = implementing
          ? `اللائحة التنفيذية ${li(law[0])} الصادرة بالقرار رقم ${v.n} لعام ${v.year}`
          : `لائحة رقم ${v.n} لعام ${v.year} بشأن ${v.topic_ar}`;
        out.title = implementing
          ? `Implementing Regulations of ${law[1]}, issued by Decision No. ${v.n} of ${v.year}`
          : `Regulation No. ${v.n} of ${v.year} on ${v.topic}`;
        out.summary_ar = `اعتمد${v.at} ${v.org_ar} ${implementing ? `اللائحة التنفيذية ${li(law[0])}` : `لائحة بشأن ${v.topic_ar}`}، وتسري أحكامها اعتبارًا من ${v.effective_ar}.`;
        out.summary = `${Org} has adopted ${implementing ? `the implementing regulations of ${law[1]}` : `a regulation on ${v.topic}`}, in force from ${v.effective}.`;
        out.opening_ar = `استنادًا إلى ${legalBasis[0]}، وبعد طرح مشروع اللائحة على منصة استطلاع https://istitlaa.ncc.gov.sa لأخذ مرئيات العموم، اعتُمدت اللائحة الآتية:`;
        out.opening = `Pursuant to ${legalBasis[1]}, and after the draft was published for public comment on the Istitlaa platform https://istitlaa.ncc.gov.sa , the following regulation is adopted:`;
        withClauses('هذه اللائحة', 'these regulations', 'article', rng.int(4, 6));
        out.closing_ar = v.head_ar;
        out.closing = v.head;
        break;
      }
    }
    return out;
  }
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
}
