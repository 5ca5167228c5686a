import type { FollowingResources } from '../../types';

/**
 * Arabic strings of following organizations, types and hashtags (issue 15), with those screens'
 * chunks; typed against `en/following.ts`.
 */
const following: FollowingResources = {
  following: {
    title: 'متابعاتي',
    intro: 'أحدث المنشورات من الجهات وأنواع المنشورات والوسوم والأشخاص الذين تتابعهم.',
    follow: 'متابعة',
    unfollow: 'إلغاء المتابعة',
    followLabel: 'متابعة {{name}}',
    unfollowLabel: 'إلغاء المتابعة: {{name}}',
    followed: 'أصبحت تتابع {{name}}',
    unfollowed: 'لم تعد تتابع {{name}}',
    failed: 'تعذر تحديث المتابعة. حاول مرة أخرى.',
    signInToFollow: 'يرجى تسجيل الدخول لمتابعة الجهات وأنواع المنشورات والوسوم',
    what: 'ما تتابعه',
    organizations: 'الجهات',
    types: 'أنواع المنشورات',
    hashtags: 'الوسوم',
    people: 'الأشخاص',
    loadFailed: 'تعذر تحميل ما تتابعه.',
    retry: 'إعادة المحاولة',
    nothing: 'لا تتابع أي شيء بعد.',
    howTo: 'افتح صفحة جهة أو نوع منشورات أو وسم واضغط «متابعة»، وستظهر منشوراته الجديدة هنا.',
    browseOrganizations: 'تصفح الجهات',
    browseTypes: 'تصفح أنواع المنشورات',
    browseHashtags: 'تصفح الوسوم',
    posts: 'المنشورات',
    empty: 'لا توجد منشورات مما تتابعه بعد.',
  },
};

export default following;
