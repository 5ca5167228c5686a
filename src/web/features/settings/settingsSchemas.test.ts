import type { TFunction } from 'i18next';
import type { AnyObject, ObjectSchema } from 'yup';
import i18n from '../../i18n';
import arScreens from '../../i18n/locales/ar/screens';
import { isWebUrl } from '../../../shared/webLink';
import { passwordSchema, profileSchema, socialSchema } from './settingsSchemas';

i18n.addResourceBundle('ar', 'translation', arScreens, true, false);
const t: TFunction = i18n.getFixedT('ar');

/** Each field's first failing message, as the form shows them. */
async function problems(schema: ObjectSchema<AnyObject>, values: object): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (caught) {
    const errors = (caught as { inner: Array<{ path: string; message: string }> }).inner;
    return Object.fromEntries(errors.reverse().map((e) => [e.path, e.message]));
  }
}

describe('profile form (spec §5)', () => {
  const ok = { first_name: 'سارة', last_name: 'القحطاني', bio: '', location: '' };
  it('requires the first and last names, spaces alone not counting', async () => {
    expect(await problems(profileSchema(t), ok)).toEqual({});
    expect(await problems(profileSchema(t), { ...ok, first_name: '  ', last_name: '' })).toEqual({
      first_name: 'الاسم الأول مطلوب',
      last_name: 'اسم العائلة مطلوب',
    });
  });
  it('allows a bio of up to 500 characters and no more', async () => {
    expect(await problems(profileSchema(t), { ...ok, bio: 'ن'.repeat(500) })).toEqual({});
    expect(await problems(profileSchema(t), { ...ok, bio: 'ن'.repeat(501) })).toEqual({ bio: 'يجب أن تكون النبذة أقل من 500 حرف' });
  });
  it('leaves the location optional', async () => {
    expect(await problems(profileSchema(t), { ...ok, location: 'جدة، السعودية' })).toEqual({});
  });
});

describe('social form (spec §5)', () => {
  const empty = { website: '', twitter: '', facebook: '', instagram: '', linkedin: '' };
  it('takes an empty website or a web address', async () => {
    expect(await problems(socialSchema(t), empty)).toEqual({});
    expect(await problems(socialSchema(t), { ...empty, website: ' https://sara.example/about ' })).toEqual({});
  });
  it("says 'invalid link' for anything else", async () => {
    for (const website of ['sara.example', 'not a link', 'ftp://sara.example', 'https://sara', 'javascript:alert(1)']) {
      expect(await problems(socialSchema(t), { ...empty, website })).toEqual({ website: 'رابط غير صالح' });
    }
  });
  it('takes the handles as free text', async () => {
    expect(await problems(socialSchema(t), { ...empty, twitter: '@sara', facebook: 'سارة', instagram: 'x y', linkedin: 'https://linkedin.com/in/sara' })).toEqual({});
  });
  it('agrees with the server on what a link is', () => {
    expect(isWebUrl('http://localhost:3000/')).toBe(true);
    expect(isWebUrl('https://example.sa.')).toBe(true);
    expect(isWebUrl('https://')).toBe(false);
  });
});

describe('password form (spec §5)', () => {
  const ok = { old_password: 'Reader#2025', new_password: 'Better#2026', confirm_password: 'Better#2026' };
  it('requires the current password', async () => {
    expect(await problems(passwordSchema(t), ok)).toEqual({});
    expect(await problems(passwordSchema(t), { ...ok, old_password: '' })).toEqual({ old_password: 'كلمة المرور الحالية مطلوبة' });
  });
  it('wants at least 8 characters in the new password', async () => {
    expect(await problems(passwordSchema(t), { ...ok, new_password: '1234567', confirm_password: '1234567' })).toEqual({ new_password: '8 أحرف على الأقل' });
    expect(await problems(passwordSchema(t), { ...ok, new_password: '12345678', confirm_password: '12345678' })).toEqual({});
  });
  it('wants the confirmation to match', async () => {
    expect(await problems(passwordSchema(t), { ...ok, confirm_password: 'Better#2027' })).toEqual({ confirm_password: 'كلمتا المرور غير متطابقتين' });
    expect(await problems(passwordSchema(t), { ...ok, confirm_password: '' })).toEqual({ confirm_password: 'التأكيد مطلوب' });
  });
});
