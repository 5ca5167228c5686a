import type { LightboxResources } from '../../types';

/** Arabic strings of the image viewer, with its chunk; typed against `en/lightbox.ts`. */
const lightbox: LightboxResources = {
  lightbox: {
    label: 'عارض الصور',
    close: 'إغلاق',
    previous: 'الصورة السابقة',
    next: 'الصورة التالية',
    download: 'تنزيل الصورة',
    counter: '{{current}} / {{total}}',
    thumbnail: 'الصورة {{index}}',
    imageFailed: 'تعذر تحميل الصورة',
  },
};

export default lightbox;
