import 'i18next';
import type en from './locales/en';

// Makes t('…') keys (and their interpolation values) checked against the English tree.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
