import type { Category } from '../api/posts';
import type { Hashtag } from '../api/hashtags';
import type { Organization } from '../api/generated/organizations.gen';
import { json, type Handler } from './fetchMock';
import { page, user } from './fixtures';

/** Contract-shaped answers for the calls the frame (layout, session gate, sign-out) makes. */
export const category = (id: number): Category => ({
  id,
  slug: `category-${id}`,
  name: `Category ${id}`,
  name_ar: `تصنيف ${id}`,
  description: '',
  description_ar: '',
  post_count: id,
  subcategories: [],
});

export const organization = (id: number): Organization => ({
  id,
  code: `ORG${id}`,
  name: `Organization ${id}`,
  name_ar: `جهة ${id}`,
  description: '',
  description_ar: '',
  is_verified: true,
  is_active: true,
  city: null,
  website: '',
  email: '',
  phone: '',
  active_subsidiary_count: 0,
  active_department_count: 0,
  post_count: 0,
});

export const hashtag = (id: number): Hashtag => ({
  id,
  name: `وسم${id}`,
  slug: `tag-${id}`,
  post_count: 20 - id,
  is_trending: true,
  last_used: '2024-05-01T00:00:00Z',
  created_at: '2024-01-01T00:00:00Z',
});

export const CATEGORY_COUNT = 8;
export const ORGANIZATION_COUNT = 12;

/** Answers the frame's calls; `other` takes anything else (default 404). */
export function frameHandler(other?: Handler): Handler {
  return (req, path) => {
    const url = new URL(req.url);
    if (path === '/content/categories/') return json(200, Array.from({ length: CATEGORY_COUNT }, (_, i) => category(i + 1)));
    if (path === '/producers/organizations/') {
      const size = Number(url.searchParams.get('page_size') ?? 20);
      const results = Array.from({ length: Math.min(size, ORGANIZATION_COUNT) }, (_, i) => organization(i + 1));
      return json(200, { ...page(results), count: ORGANIZATION_COUNT });
    }
    if (path === '/content/hashtags/trending/') {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return json(200, Array.from({ length: limit }, (_, i) => hashtag(i + 1)));
    }
    if (path === '/auth/me/') return json(200, user());
    if (path === '/auth/logout/') return json(200, { detail: 'Signed out.' });
    return other ? other(req, path) : json(404, { detail: 'Not found.' });
  };
}
