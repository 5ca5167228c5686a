import { renderToStaticMarkup } from 'react-dom/server';
import type { Schemas } from '../../http/routes';
import type { Lang } from '../../i18n';
import type { Mail } from '../auth/mailer';
import type { Frequency } from './subscriptions';

type Post = Schemas['Post'];

/** The words of alert e-mails, in both languages. */
const WORDS = {
  ar: {
    site: 'قرار',
    confirmSubject: 'أكّد تنبيهك على منصة قرار',
    confirmIntro: 'طلبتَ تلقي تنبيهات بالبريد الإلكتروني عن المنشورات الجديدة في:',
    confirmAction: 'تأكيد التنبيه',
    confirmIgnore: 'إن لم تطلب ذلك فتجاهل هذه الرسالة، ولن يصلك شيء.',
    frequency: { immediate: 'فور النشر', daily: 'ملخص يومي', weekly: 'ملخص أسبوعي' } as Record<Frequency, string>,
    newPost: 'منشور جديد',
    newPosts: (n: number) => (n === 2 ? 'منشوران جديدان' : n <= 10 ? `${n} منشورات جديدة` : `${n} منشوراً جديداً`),
    intro: 'جديد القائمة التي تتابعها:',
    read: 'قراءة المنشور',
    manage: 'إدارة تنبيهاتك',
    unsubscribe: 'إلغاء الاشتراك في هذا التنبيه',
    why: 'وصلتك هذه الرسالة لأنك اشتركت في هذا التنبيه على منصة قرار.',
    date: (iso: string) => new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', { dateStyle: 'long', timeZone: 'Asia/Riyadh' }).format(new Date(iso)),
  },
  en: {
    site: 'Qarar',
    confirmSubject: 'Confirm your Qarar alert',
    confirmIntro: 'You asked for e-mail alerts of new posts in:',
    confirmAction: 'Confirm the alert',
    confirmIgnore: 'If you did not ask for it, ignore this message: nothing will be sent.',
    frequency: { immediate: 'as soon as published', daily: 'daily digest', weekly: 'weekly digest' } as Record<Frequency, string>,
    newPost: 'New post',
    newPosts: (n: number) => `${n} new posts`,
    intro: 'New in the list you follow:',
    read: 'Read the post',
    manage: 'Manage your alerts',
    unsubscribe: 'Unsubscribe from this alert',
    why: 'You receive this message because you subscribed to this alert on Qarar.',
    date: (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Asia/Riyadh' }).format(new Date(iso)),
  },
};

const pick = (lang: Lang, en: string | null | undefined, ar: string | null | undefined) => ((lang === 'ar' ? ar || en : en || ar) ?? '').trim();

/** The frame of every alert e-mail: the language's direction on the document, readable without its styles. */
function Frame({ lang, title, children }: { lang: Lang; title: string; children: React.ReactNode }) {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f4f6f5', color: '#1b1f1d', fontFamily: 'Tahoma, Arial, sans-serif', fontSize: 16, lineHeight: 1.6 }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: '#f4f6f5' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: 16 }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} dir={dir} style={{ maxWidth: 600, background: '#ffffff', borderRadius: 8, textAlign: align }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: 24 }}>{children}</td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

const LINK = { color: '#0b6b53', fontWeight: 600 } as const;

function html(element: React.ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}

/** The double opt-in's message: what was asked for, and the link that confirms it. */
export function confirmationMail(to: string, lang: Lang, listTitle: string, frequency: Frequency, confirmUrl: string): Mail {
  const w = WORDS[lang];
  const text = [w.confirmIntro, `${listTitle} (${w.frequency[frequency]})`, '', `${w.confirmAction}: ${confirmUrl}`, '', w.confirmIgnore, ''].join('\n');
  return {
    to,
    subject: w.confirmSubject,
    text,
    html: html(
      <Frame lang={lang} title={w.confirmSubject}>
        <h1 style={{ fontSize: 20, margin: '0 0 12px' }}>{w.confirmSubject}</h1>
        <p>{w.confirmIntro}</p>
        <p>
          <strong>{listTitle}</strong> ({w.frequency[frequency]})
        </p>
        <p>
          <a href={confirmUrl} style={{ ...LINK, display: 'inline-block', padding: '10px 18px', background: '#0b6b53', color: '#ffffff', borderRadius: 6, textDecoration: 'none' }}>
            {w.confirmAction}
          </a>
        </p>
        <p style={{ color: '#4a524e', fontSize: 14 }}>{w.confirmIgnore}</p>
      </Frame>,
    ),
  };
}

export interface AlertMailInput {
  to: string;
  lang: Lang;
  listTitle: string;
  origin: string;
  posts: Post[];
  /** The alert's own unsubscribe token (one click) and the address's manage token. */
  token: string;
  manageToken: string;
}

/**
 * New posts of a list (one, or a digest of several): each with its title as a link, organization,
 * type, date and summary; the way to manage or stop the alert at the foot and in the headers
 * (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058: mail clients offer a one-click button).
 */
export function alertMail({ to, lang, listTitle, origin, posts, token, manageToken }: AlertMailInput): Mail {
  const w = WORDS[lang];
  const subject = posts.length === 1 ? `${pick(lang, posts[0].title, posts[0].title_ar)} · ${listTitle}` : `${listTitle}: ${w.newPosts(posts.length)}`;
  const manageUrl = `${origin}/alerts?token=${encodeURIComponent(manageToken)}`;
  const unsubscribeUrl = `${origin}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClick = `${origin}/api/v1/alerts/unsubscribe/${encodeURIComponent(token)}/`;
  const postUrl = (post: Post) => `${origin}/post/${encodeURIComponent(post.slug)}`;
  const facts = (post: Post) =>
    [pick(lang, post.organization?.name, post.organization?.name_ar), lang === 'ar' ? post.type.name_ar : post.type.name.charAt(0).toUpperCase() + post.type.name.slice(1), post.published_at ? w.date(post.published_at) : '']
      .filter(Boolean)
      .join(' · ');

  const text = [
    `${w.intro} ${listTitle}`,
    '',
    ...posts.flatMap((post) => [pick(lang, post.title, post.title_ar), facts(post), pick(lang, post.summary, post.summary_ar), postUrl(post), '']),
    '--',
    w.why,
    `${w.manage}: ${manageUrl}`,
    `${w.unsubscribe}: ${unsubscribeUrl}`,
    '',
  ].join('\n');

  return {
    to,
    subject,
    text,
    html: html(
      <Frame lang={lang} title={subject}>
        <p style={{ margin: '0 0 4px', color: '#4a524e' }}>{w.intro}</p>
        <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{listTitle}</h1>
        {posts.map((post) => (
          <div key={post.id} style={{ borderTop: '1px solid #dde3e0', padding: '16px 0' }}>
            <h2 style={{ fontSize: 18, margin: '0 0 4px' }}>
              <a href={postUrl(post)} style={LINK}>
                {pick(lang, post.title, post.title_ar)}
              </a>
            </h2>
            <p style={{ margin: '0 0 8px', color: '#4a524e', fontSize: 14 }}>{facts(post)}</p>
            {pick(lang, post.summary, post.summary_ar) ? <p style={{ margin: 0 }}>{pick(lang, post.summary, post.summary_ar)}</p> : null}
          </div>
        ))}
        <p style={{ borderTop: '1px solid #dde3e0', paddingTop: 16, color: '#4a524e', fontSize: 14 }}>
          {w.why}
          <br />
          <a href={manageUrl} style={LINK}>
            {w.manage}
          </a>
          {' · '}
          <a href={unsubscribeUrl} style={LINK}>
            {w.unsubscribe}
          </a>
        </p>
      </Frame>,
    ),
    list: { unsubscribe: { url: oneClick, comment: w.unsubscribe } },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
