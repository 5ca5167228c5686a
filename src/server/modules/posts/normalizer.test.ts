import { normalizeArabic } from '../../../shared/arabic';
import { openDb, type Db } from '../../db/db';
import { migrate } from '../../db/migrate';

let db: Db;
beforeAll(async () => {
  db = await openDb({});
  await migrate(db);
});
afterAll(() => db.close());

// The SQL twin of normalizeArabic (migration 002) must give the same text, or lookups that
// compare stored text at query time would disagree with what the index holds.
describe('normalize_arabic() in SQL', () => {
  it.each([
    'قرار', 'قَرَار', 'قـرار', 'قـــرار', 'قًرٌارٍ', 'والقرار', 'فالقرار', 'والد', 'والي', 'فالح', '(والتعليم)',
    'أحمد إبراهيم آمال ٱلله', 'مستشفى', 'رقم ١٢٣٤٥٦٧٨٩٠', '۲۰۲۴', '  Ministry   of\tEducation ', 'COVID-19 update',
    'إعلان', 'أمر', 'لائحة', 'وزارة الصحة - MOH', 'ا\u0654مر',
  ])('normalises %s as normalizeArabic does', async (text) => {
    const [{ n }] = await db.query<{ n: string }>('SELECT normalize_arabic($1) AS n', [text]);
    expect(n).toBe(normalizeArabic(text));
  });
});
