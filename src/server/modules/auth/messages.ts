import type { Lang } from '../../lang';

/** Messages of the auth and users module, in both languages (merged into the catalogue by i18n.ts). */
export const authMessages = {
  notAuthenticated: { en: 'Authentication credentials were not provided.', ar: 'لم يتم تقديم بيانات الاعتماد.' },
  tokenInvalid: { en: 'Token is invalid or expired', ar: 'الرمز غير صالح أو منتهي الصلاحية' },
  sessionEnded: { en: 'This session has ended. Please sign in again.', ar: 'انتهت هذه الجلسة. يرجى تسجيل الدخول مرة أخرى.' },
  badCredentials: {
    en: 'No active account found with the given credentials',
    ar: 'لا يوجد حساب نشط بهذه البيانات',
  },
  permissionDenied: { en: 'You do not have permission to perform this action.', ar: 'ليس لديك صلاحية للقيام بهذا الإجراء.' },
  usernameTaken: { en: 'A user with that username already exists.', ar: 'اسم المستخدم هذا مستخدم بالفعل.' },
  emailTaken: { en: 'A user with that email already exists.', ar: 'يوجد مستخدم بهذا البريد الإلكتروني بالفعل.' },
  passwordsDoNotMatch: { en: "Password fields didn't match.", ar: 'كلمتا المرور غير متطابقتين.' },
  passwordTooCommon: { en: 'This password is too common.', ar: 'كلمة المرور هذه شائعة جداً.' },
  passwordAllNumeric: { en: 'This password is entirely numeric.', ar: 'كلمة المرور هذه مكونة من أرقام فقط.' },
  passwordLikeUsername: { en: 'The password is too similar to the username.', ar: 'كلمة المرور مشابهة جداً لاسم المستخدم.' },
  registerRegularOnly: { en: 'Only regular accounts can be registered.', ar: 'لا يمكن إنشاء إلا حسابات عادية.' },
  oldPasswordWrong: { en: 'The current password is incorrect.', ar: 'كلمة المرور الحالية غير صحيحة.' },
  passwordChanged: { en: 'Password changed successfully.', ar: 'تم تغيير كلمة المرور بنجاح.' },
  loggedOut: { en: 'Signed out successfully.', ar: 'تم تسجيل الخروج بنجاح.' },
  resetSent: {
    en: 'If an account uses this e-mail address, a link to reset its password has been sent.',
    ar: 'إذا كان هذا البريد الإلكتروني مرتبطاً بحساب، فقد أُرسل إليه رابط لإعادة تعيين كلمة المرور.',
  },
  resetInvalid: {
    en: 'This reset link is invalid or has expired.',
    ar: 'رابط إعادة التعيين هذا غير صالح أو منتهي الصلاحية.',
  },
  resetDone: { en: 'Your password has been reset. You can now sign in.', ar: 'تمت إعادة تعيين كلمة المرور. يمكنك الآن تسجيل الدخول.' },
  resetMailSubject: { en: 'Reset your Qarar password', ar: 'إعادة تعيين كلمة المرور في منصة قرار' },
  invalidUrl: { en: 'Enter a valid URL.', ar: 'أدخل رابطاً صالحاً.' },
  notAnImage: {
    en: 'Upload a valid image: JPEG, PNG or WebP.',
    ar: 'يرجى رفع صورة صالحة بصيغة JPEG أو PNG أو WebP.',
  },
  imageTooLarge: { en: 'The image must be 5 MB or smaller.', ar: 'يجب ألا يتجاوز حجم الصورة 5 ميغابايت.' },
  imageTooManyPixels: {
    en: 'The image is too large: it must be at most 25 megapixels (for example 5000 × 5000 pixels).',
    ar: 'أبعاد الصورة كبيرة جداً: يجب ألا تتجاوز 25 ميغابكسل (مثلاً 5000 × 5000 بكسل).',
  },
  imagesBusy: {
    en: 'The server is busy processing other images. Please try again in a few seconds.',
    ar: 'الخادم مشغول بمعالجة صور أخرى. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  },
  tooManyProfileUpdates: {
    en: 'Too many profile updates. Please try again in {seconds} seconds.',
    ar: 'تحديثات كثيرة جداً للملف الشخصي. يرجى المحاولة مرة أخرى بعد {seconds} ثانية.',
  },
  userNotFound: { en: 'User not found.', ar: 'المستخدم غير موجود.' },
  cannotFollowSelf: { en: 'You cannot follow yourself.', ar: 'لا يمكنك متابعة نفسك.' },
  followed: { en: 'You are now following this user.', ar: 'أنت الآن تتابع هذا المستخدم.' },
  unfollowed: { en: 'You are no longer following this user.', ar: 'لم تعد تتابع هذا المستخدم.' },
  nullCharacters: { en: 'Null characters are not allowed.', ar: 'لا يُسمح باستخدام المحرف الصفري (NUL).' },
  fieldBlank: { en: 'This field may not be blank.', ar: 'لا يمكن ترك هذا الحقل فارغاً.' },
  resetMailBody: {
    en: 'Hello {name},\n\nSomeone (hopefully you) asked to reset the password of your Qarar account "{username}". Open this link to choose a new password:\n\n{link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays as it is.',
    ar: 'مرحباً {name}،\n\nطلب أحدهم (ونأمل أن تكون أنت) إعادة تعيين كلمة المرور لحسابك "{username}" في منصة قرار. افتح هذا الرابط لاختيار كلمة مرور جديدة:\n\n{link}\n\nيعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة واحدة. إذا لم تطلب ذلك فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
