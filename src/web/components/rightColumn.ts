import { createContext } from 'react';
import { hashtagsApi } from '../api/hashtags';
import { organizationsApi } from '../api/organizations';
import { postsApi } from '../api/posts';
import type { AppDispatch, AppStore } from '../app/store';

/** The organizations widget's list: spec §2's first five, from the first page of 20. */
export const FIRST_ORGANIZATIONS_PAGE = { isActive: true, isVerified: true, pageSize: 20 } as const;
/** Trending hashtags asked for by the column's widget (spec §9: the widget's default 10). */
export const TRENDING_LIMIT = 10;

/** The navigation column shows from MUI's md breakpoint (900 px) up. */
export const DESKTOP_QUERY = '(min-width:900px)';
/** The right column shows from MUI's lg breakpoint (1200 px) up. */
export const WIDE_QUERY = '(min-width:1200px)';

/**
 * Resolves once the screen matches `query` (by default, wide enough for the right column): a
 * phone never downloads the column's code nor asks for its lists, nor takes over the desktop
 * navigation it does not show. (A page the server drew keeps their drawing, hidden by CSS,
 * until then.)
 */
export function whenWide(query: string = WIDE_QUERY): Promise<void> {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return Promise.resolve();
  const media = window.matchMedia(query);
  if (media.matches) return Promise.resolve();
  return new Promise((resolve) => {
    const wide = (event: MediaQueryListEvent) => {
      if (!event.matches) return;
      media.removeEventListener('change', wide);
      resolve();
    };
    media.addEventListener('change', wide);
  });
}

/**
 * The column's lists, asked for with its code, so the column renders with them at once: on a
 * page the server drew it is then taken over as drawn (their answers are not part of the page,
 * which stays smaller), elsewhere it shows without skeletons for a moment. Explore shows only the
 * organizations (RightSidebar). A failed list is shown failed by its widget as before.
 */
export function loadRightColumnData(dispatch: AppDispatch, pathname: string): Promise<unknown> {
  const onExplore = pathname === '/explore';
  const asked: Array<PromiseLike<unknown>> = [dispatch(organizationsApi.endpoints.listOrganizations.initiate(FIRST_ORGANIZATIONS_PAGE, { subscribe: false }))];
  if (!onExplore) {
    asked.push(
      dispatch(postsApi.endpoints.listCategories.initiate(undefined, { subscribe: false })),
      dispatch(hashtagsApi.endpoints.listTrendingHashtags.initiate({ limit: TRENDING_LIMIT }, { subscribe: false })),
    );
  }
  return Promise.all(asked);
}

/**
 * The server's renderer draws the column from a store of its own (src/web/ssr.tsx), so the
 * column's answers are not sent inside the page: the browser asks for them with the column's
 * code (loadRightColumnData). Elsewhere there is none and the column uses the app's store.
 */
export const RightColumnStoreContext = createContext<AppStore | null>(null);
