import type { StudioAbilities, StudioHistory, StudioMe, StudioPost } from '../../api/studio';
import i18n from '../../i18n';
import arStudio from '../../i18n/locales/ar/studio';
import { json, type Handler } from '../../test/fetchMock';

// Screens rendered on their own in tests: the workspace strings are there from the start.
i18n.addResourceBundle('ar', 'translation', arStudio, true, false);

export const NO_ABILITIES: StudioAbilities = { edit: false, submit: false, review: false, publish: false, schedule: false, correct: false, withdraw: false, delete: false };

export const organization = (id = 3) => ({ id, code: `ORG${id}`, name: `Organization ${id}`, name_ar: `الجهة ${id}`, is_verified: true });

export const studioMe = (over: Partial<StudioMe> = {}): StudioMe => ({
  is_staff: false,
  memberships: [{ organization: organization(3), role: 'editor' }],
  ...over,
});

export const studioPost = (id: number, over: Partial<StudioPost> = {}): StudioPost => ({
  id,
  slug: `post-${id}`,
  stage: 'draft',
  status: 'draft',
  title: `Draft ${id}`,
  title_ar: `مسودة رقم ${id}`,
  summary: '',
  summary_ar: '',
  content: '',
  content_ar: '',
  language: 'ar',
  type_id: 1,
  category_ids: [],
  subcategory_ids: [],
  hashtags: [],
  organization: organization(3),
  subsidiary_id: null,
  document_number: '',
  issued_on: null,
  issued_on_hijri: null,
  author: { id: 7, username: 'org3_editor', first_name: 'Rana', last_name: 'Haddad', user_type: 'publisher', is_verified: false, profile_picture: null },
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  published_at: null,
  scheduled_at: null,
  version: 0,
  attachments: [],
  relations: [],
  withdrawal: null,
  role: 'editor',
  can: { ...NO_ABILITIES, edit: true, submit: true, delete: true },
  ...over,
});

export const emptyHistory: StudioHistory = { versions: [], events: [] };

/** The taxonomy the editor's lists read, and the studio's reads; `over` answers the writes. */
export function studioHandler(opts: { me?: StudioMe; posts?: StudioPost[]; over?: Handler } = {}): Handler {
  const { me = studioMe(), posts = [], over = () => json(404, {}) } = opts;
  return (req, path) => {
    if (req.method === 'GET') {
      if (path === '/studio/me/') return json(200, me);
      if (path === '/content/post-types/') return json(200, [{ id: 1, name: 'decision', name_ar: 'قرار', description: '', description_ar: '', is_active: true, post_count: 0 }]);
      if (path === '/content/categories/') return json(200, []);
      const one = path.match(/^\/studio\/posts\/(\d+)\/$/);
      if (one) {
        const post = posts.find((p) => p.id === Number(one[1]));
        return post ? json(200, post) : json(404, { detail: 'Not found.' });
      }
      if (/^\/studio\/posts\/\d+\/history\/$/.test(path)) return json(200, emptyHistory);
    }
    return over(req, path);
  };
}
