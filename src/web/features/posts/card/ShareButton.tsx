/**
 * STUB (interface agreed): Web Share where available, else copy the link with the toast
 * 'تم نسخ الرابط'. `path` is an in-app path ('/post/x'), made absolute against the origin.
 */
export function ShareButton(_props: { path: string; title: string; text?: string; variant?: 'icon' | 'button' }) {
  return null;
}
