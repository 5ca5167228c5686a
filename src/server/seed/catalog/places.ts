/** Cities the demo organizations sit in, with the region each belongs to and its dialling code. */
export interface City {
  key: string;
  name: string;
  name_ar: string;
  region: string;
  region_ar: string;
  /** Landline area code after +966. */
  area: string;
}

export const CITIES: City[] = [
  { key: 'riyadh', name: 'Riyadh', name_ar: 'الرياض', region: 'Riyadh', region_ar: 'الرياض', area: '11' },
  { key: 'jeddah', name: 'Jeddah', name_ar: 'جدة', region: 'Makkah', region_ar: 'مكة المكرمة', area: '12' },
  { key: 'makkah', name: 'Makkah', name_ar: 'مكة المكرمة', region: 'Makkah', region_ar: 'مكة المكرمة', area: '12' },
  { key: 'madinah', name: 'Madinah', name_ar: 'المدينة المنورة', region: 'Madinah', region_ar: 'المدينة المنورة', area: '14' },
  { key: 'dammam', name: 'Dammam', name_ar: 'الدمام', region: 'Eastern Province', region_ar: 'الشرقية', area: '13' },
  { key: 'khobar', name: 'Khobar', name_ar: 'الخبر', region: 'Eastern Province', region_ar: 'الشرقية', area: '13' },
  { key: 'dhahran', name: 'Dhahran', name_ar: 'الظهران', region: 'Eastern Province', region_ar: 'الشرقية', area: '13' },
  { key: 'jubail', name: 'Jubail', name_ar: 'الجبيل', region: 'Eastern Province', region_ar: 'الشرقية', area: '13' },
  { key: 'ahsa', name: 'Al-Ahsa', name_ar: 'الأحساء', region: 'Eastern Province', region_ar: 'الشرقية', area: '13' },
  { key: 'abha', name: 'Abha', name_ar: 'أبها', region: 'Asir', region_ar: 'عسير', area: '17' },
  { key: 'tabuk', name: 'Tabuk', name_ar: 'تبوك', region: 'Tabuk', region_ar: 'تبوك', area: '14' },
  { key: 'buraidah', name: 'Buraidah', name_ar: 'بريدة', region: 'Qassim', region_ar: 'القصيم', area: '16' },
  { key: 'hail', name: 'Hail', name_ar: 'حائل', region: 'Hail', region_ar: 'حائل', area: '16' },
  { key: 'jazan', name: 'Jazan', name_ar: 'جازان', region: 'Jazan', region_ar: 'جازان', area: '17' },
  { key: 'najran', name: 'Najran', name_ar: 'نجران', region: 'Najran', region_ar: 'نجران', area: '17' },
  { key: 'taif', name: 'Taif', name_ar: 'الطائف', region: 'Makkah', region_ar: 'مكة المكرمة', area: '12' },
  { key: 'yanbu', name: 'Yanbu', name_ar: 'ينبع', region: 'Madinah', region_ar: 'المدينة المنورة', area: '14' },
  { key: 'baha', name: 'Al Baha', name_ar: 'الباحة', region: 'Al Baha', region_ar: 'الباحة', area: '17' },
  { key: 'arar', name: 'Arar', name_ar: 'عرعر', region: 'Northern Borders', region_ar: 'الحدود الشمالية', area: '14' },
  { key: 'sakaka', name: 'Sakaka', name_ar: 'سكاكا', region: 'Al Jouf', region_ar: 'الجوف', area: '14' },
];

export const CITY_BY_KEY = new Map(CITIES.map((c) => [c.key, c]));

/** Regions, as organizations name their branches ("… بمنطقة الرياض"). */
export const REGIONS: Array<{ name: string; name_ar: string }> = [
  { name: 'Riyadh', name_ar: 'الرياض' },
  { name: 'Makkah', name_ar: 'مكة المكرمة' },
  { name: 'Madinah', name_ar: 'المدينة المنورة' },
  { name: 'Eastern Province', name_ar: 'الشرقية' },
  { name: 'Qassim', name_ar: 'القصيم' },
  { name: 'Asir', name_ar: 'عسير' },
  { name: 'Tabuk', name_ar: 'تبوك' },
  { name: 'Hail', name_ar: 'حائل' },
  { name: 'Jazan', name_ar: 'جازان' },
  { name: 'Najran', name_ar: 'نجران' },
  { name: 'Al Baha', name_ar: 'الباحة' },
  { name: 'Al Jouf', name_ar: 'الجوف' },
  { name: 'Northern Borders', name_ar: 'الحدود الشمالية' },
];
