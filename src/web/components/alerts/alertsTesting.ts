import type { AlertSubscription } from '../../api/alerts';

/** An alert as the server answers it, `over` changed. */
export const alert = (over: Partial<AlertSubscription> = {}): AlertSubscription => ({
  id: 1,
  email: 'reader@example.com',
  list: { category: 'health' },
  title: 'الصحة',
  frequency: 'immediate',
  lang: 'ar',
  confirmed: true,
  created_at: '2026-11-20T09:00:00Z',
  feed_url: '/api/v1/feeds/posts.atom?category=health&lang=ar',
  ...over,
});

/** A manage token as the e-mails carry it (20 to 100 characters). */
export const MANAGE_TOKEN = 'm4nage-t0ken-0123456789abcdef';
