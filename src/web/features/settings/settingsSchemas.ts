import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { isWebUrl } from '../../../shared/webLink';

/** Spec §9: a bio holds at most this many characters. */
export const BIO_MAX = 500;

/** Spec §5, profile form. */
export const profileSchema = (t: TFunction) =>
  yup.object({
    first_name: yup.string().trim().required(t('validation.firstNameRequired')).min(1, t('validation.firstNameRequired')),
    last_name: yup.string().trim().required(t('validation.lastNameRequired')),
    bio: yup.string().max(BIO_MAX, t('validation.bioMax')),
    location: yup.string(),
  });

/** Spec §5, social form: the website is a valid address or empty; the handles are free text. */
export const socialSchema = (t: TFunction) =>
  yup.object({
    website: yup
      .string()
      .trim()
      .test('link', t('validation.invalidLink'), (value) => !value || isWebUrl(value)),
    twitter: yup.string(),
    facebook: yup.string(),
    instagram: yup.string(),
    linkedin: yup.string(),
  });

/** Spec §5, password form. */
export const passwordSchema = (t: TFunction) =>
  yup.object({
    old_password: yup.string().required(t('validation.currentPasswordRequired')),
    new_password: yup.string().required(t('validation.passwordRequired')).min(8, t('validation.min8')),
    confirm_password: yup
      .string()
      .required(t('validation.confirmRequired'))
      // A test rather than oneOf: yup checks oneOf before required, and an empty confirmation
      // should say it is required.
      .test('match', t('validation.passwordsMismatch'), (value, context) => !value || value === (context.parent as { new_password?: string }).new_password),
  });
