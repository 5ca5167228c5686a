import type { TFunction } from 'i18next';
import * as yup from 'yup';

export type SignupValues = {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password2: string;
};

export const SIGNUP_INITIAL: SignupValues = { username: '', first_name: '', last_name: '', email: '', password: '', password2: '' };

/** Spec §5, sign-up (client side), with its messages. */
export function signupSchema(t: TFunction) {
  return yup.object({
    username: yup.string().trim().required(t('validation.usernameRequired')).min(3, t('validation.min3')),
    first_name: yup.string().trim().required(t('validation.firstNameRequired')),
    last_name: yup.string().trim().required(t('validation.lastNameRequired')),
    email: yup.string().trim().required(t('validation.emailRequired')).email(t('validation.invalidEmail')),
    password: yup.string().required(t('validation.passwordRequired')).min(8, t('validation.min8')),
    password2: yup
      .string()
      .required(t('validation.confirmRequired'))
      .oneOf([yup.ref('password')], t('validation.passwordsMismatch')),
  });
}
