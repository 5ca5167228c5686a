import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { CurrentUser } from '../../api/auth';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';

/** The signed-in reader the settings tests edit. */
export const reader: CurrentUser = user({
  username: 'reader',
  email: 'reader@example.com',
  first_name: 'سارة',
  last_name: 'القحطاني',
  bio: 'قارئة',
  location: 'الرياض',
  website: '',
  twitter: '',
  facebook: '',
  instagram: '',
  linkedin: '',
  profile_picture: null,
  is_verified: true,
  date_joined: '2025-03-15T10:00:00Z',
  following_count: 3,
  followers_count: 7,
  posts_count: 0,
  bookmarks_count: 12,
});

export const signedInAs = (who: CurrentUser, language: 'ar' | 'en' = 'ar'): PreloadedRootState => ({
  session: { access: 'a', refresh: 'r', user: who },
  preferences: { language },
});

/**
 * Renders a settings part signed in, with every call answered by `handler` (404 by default),
 * once the lazily loaded toaster is in place (else React warns it loaded outside act()).
 */
export async function renderSignedIn(
  ui: ReactElement,
  { handler = () => json(404, {}), who = reader, language = 'ar' }: { handler?: Handler; who?: CurrentUser; language?: 'ar' | 'en' } = {},
) {
  const api = mockFetch(handler);
  const rendered = renderWithProviders(ui, { route: '/settings', preloadedState: signedInAs(who, language) });
  await act(async () => {
    await import('notistack');
  });
  return { api, ...rendered };
}

/** The multipart body of a profile update as a plain object (files as `file:<name>`). */
export async function sentForm(req: Request): Promise<Record<string, string>> {
  expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  const form = await req.formData();
  return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]));
}

/** A call that stays pending until `release` is called: shows what the form does meanwhile. */
export function held(answer: () => Response): { handler: Handler; release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: async () => (await gate, answer()), release };
}

// jsdom has no object URLs; the preview of a chosen picture needs one.
export function stubObjectUrls() {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });
}
