import i18n from '../../i18n';
import en from '../../i18n/locales/en';
import { changedInput, editorSchema, fullInput, toValues } from './editorForm';
import { studioPost } from './studioTesting';

i18n.addResourceBundle('en', 'translation', en, true, false);

const messages = async (language: 'ar' | 'en', values: object, creating = false) => {
  try {
    await editorSchema(i18n.getFixedT(language), creating).validate(values, { abortEarly: false });
    return [];
  } catch (caught) {
    return (caught as { errors: string[] }).errors;
  }
};

describe('editorSchema', () => {
  const empty = toValues(undefined);

  it('asks for the title in the main language, the type and (for a new post) the organization, in Arabic and in English', async () => {
    expect(await messages('ar', empty, true)).toEqual(expect.arrayContaining(['أدخل العنوان بالعربية', 'اختر نوع المنشور', 'اختر الجهة']));
    expect(await messages('en', empty, true)).toEqual(expect.arrayContaining(['Enter the Arabic title', 'Choose the post type', 'Choose the organization']));
    expect(await messages('en', { ...empty, language: 'en', type_id: '1' })).toEqual(['Enter the English title']);
  });

  it('refuses a future issue date, a too long title and a malformed hashtag', async () => {
    const bad = { ...toValues(studioPost(1)), title_ar: 'ع'.repeat(256), issued_on: '2999-01-01', hashtags: 'صحة, a-b' };
    expect(await messages('ar', bad)).toEqual(
      expect.arrayContaining(['يجب ألا يتجاوز العنوان 255 حرفاً', 'لا يمكن أن يكون تاريخ الإصدار في المستقبل', 'يتكون الوسم من حروف وأرقام وشرطة سفلية فقط']),
    );
    expect(await messages('en', bad)).toContain('The issue date cannot be in the future');
    expect(await messages('ar', { ...bad, title_ar: 'عنوان', issued_on: '2024-03-10', hashtags: '#صحة، تعليم' })).toEqual([]);
  });
});

describe('changedInput / fullInput', () => {
  it('sends only the fields that changed, in the contract’s shape', () => {
    const saved = toValues(studioPost(1, { hashtags: ['صحة'] }));
    expect(changedInput({ ...saved, title_ar: 'جديد', hashtags: '#صحة, تعليم', type_id: '', issued_on: '2024-03-10' }, saved)).toEqual({
      title_ar: 'جديد',
      hashtags: ['صحة', 'تعليم'],
      type_id: null,
      issued_on: '2024-03-10',
    });
    expect(changedInput(saved, saved)).toEqual({});
  });

  it('creates with the filled fields and the organization', () => {
    expect(fullInput({ ...toValues(undefined, 3), title_ar: 'قرار' })).toEqual({ title_ar: 'قرار', language: 'ar', organization_id: 3 });
  });
});
