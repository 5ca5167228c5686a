import type { RouteMap } from '../http/routes';
import { alertsRoutes } from './alerts/routes';
import { authRoutes } from './auth/routes';
import { bookmarksRoutes } from './bookmarks/routes';
import { feedsRoutes } from './feeds/routes';
import { hashtagsRoutes } from './hashtags/routes';
import { organizationsRoutes } from './organizations/routes';
import { postsRoutes } from './posts/routes';
import { signingRoutes } from './signing/routes';
import { studioRoutes } from './studio/routes';
import { taxonomyRoutes } from './taxonomy/routes';
import { usersRoutes } from './users/routes';

/** Every operation of the contract, by operationId. */
export const routes: RouteMap = {
  ...authRoutes,
  ...usersRoutes,
  ...postsRoutes,
  ...signingRoutes,
  ...taxonomyRoutes,
  ...hashtagsRoutes,
  ...organizationsRoutes,
  ...bookmarksRoutes,
  ...studioRoutes,
  ...feedsRoutes,
  ...alertsRoutes,
};
