/** Demo sign-ins. The README lists these; tests sign in with them. */
export const READER_PASSWORD = 'Reader#2025';
export const ADMIN_PASSWORD = 'Admin#2025';
/** Every organization's publisher accounts share it. */
export const PUBLISHER_PASSWORD = 'Publisher#2025';

export interface DemoAccount {
  username: string;
  password: string;
  user_type: 'regular' | 'staff' | 'publisher';
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'reader', password: READER_PASSWORD, user_type: 'regular', description: 'A reader with bookmarks and notes, follows and interests' },
  { username: 'admin', password: ADMIN_PASSWORD, user_type: 'staff', description: 'Staff: sees drafts, may verify users' },
  {
    username: 'moe_media', password: PUBLISHER_PASSWORD, user_type: 'publisher',
    description: 'Publisher of the Ministry of Education; every organization has {code}_media and {code}_editor accounts (moh_media, zatca_editor, …) with this password',
  },
];

/** More readers, so that follows and bookmarks are not all one person's (password READER_PASSWORD). */
export const OTHER_READERS: ReadonlyArray<{ username: string; first_name: string; last_name: string; location: string }> = [
  { username: 'nora.alharbi', first_name: 'نورة', last_name: 'الحربي', location: 'جدة' },
  { username: 'fahad.alotaibi', first_name: 'فهد', last_name: 'العتيبي', location: 'الرياض' },
  { username: 'reem.alzahrani', first_name: 'ريم', last_name: 'الزهراني', location: 'الدمام' },
  { username: 'khalid.alghamdi', first_name: 'خالد', last_name: 'الغامدي', location: 'أبها' },
  { username: 'lama.alshehri', first_name: 'لمى', last_name: 'الشهري', location: 'المدينة المنورة' },
  { username: 'omar.aldossari', first_name: 'عمر', last_name: 'الدوسري', location: 'الخبر' },
];

/** Names of the people behind publisher accounts. */
export const FIRST_NAMES = [
  'محمد', 'عبدالله', 'فهد', 'سلطان', 'عبدالرحمن', 'تركي', 'ناصر', 'سعود', 'ماجد', 'بندر', 'فيصل', 'يزيد',
  'نورة', 'سارة', 'هيفاء', 'منيرة', 'العنود', 'أمل', 'ريم', 'هند', 'دانة', 'جواهر',
];
export const LAST_NAMES = [
  'القحطاني', 'الشمري', 'المطيري', 'السبيعي', 'العنزي', 'المالكي', 'البقمي', 'الزهراني', 'الغامدي', 'الدوسري',
  'الحربي', 'العتيبي', 'الشهري', 'العمري', 'الرشيد', 'السديري', 'التميمي', 'الخالدي', 'الجهني', 'الرويلي',
];

export const BOOKMARK_NOTES = [
  'للرجوع إليه عند تجديد السجل التجاري',
  'مهم: موعد التطبيق قريب',
  'مشاركته مع فريق العمل',
  'قراءة الملحق المرفق لاحقًا',
  'يتعلق بطلب الابتعاث',
  'Check the effective date before the next audit',
  'Share with the compliance team',
  '',
  '',
  'مراجعة الاشتراطات قبل التقديم',
];

export const INTEREST_NAMES = ['التعليم', 'الصحة', 'رؤية 2030', 'الاقتصاد', 'التقنية', 'النقل', 'الإسكان', 'Technology', 'Sustainability', 'الرياضة'];
