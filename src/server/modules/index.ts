import type { RouteMap } from '../http/routes';
import { alertsRoutes } from './alerts/routes';
import { authRoutes } from './auth/routes';
import { bookmarksRoutes } from './bookmarks/routes';
import { facetsRoutes } from './facets/routes';
import { feedsRoutes } from './feeds/routes';
import { hashtagsRoutes } from './hashtags/routes';
import { organizationsRoutes } from './organizations/routes';
import { postsRoutes } from './posts/routes';
import { signingRoutes } from './signing/routes';
import { spellingRoutes } from './spelling/routes';
import { studioRoutes } from './studio/routes';
import { suggestRoutes } from './suggest/routes';
import { taxonomyRoutes } from './taxonomy/routes';
import { usersRoutes } from './users/routes';

/** Every operation of the contract, by operationId. */
export const routes: RouteMap = {
  ...authRoutes,
  ...usersRoutes,
  ...postsRoutes,
  ...suggestRoutes,
  ...facetsRoutes,
  ...spellingRoutes,
  ...signingRoutes,
  ...taxonomyRoutes,
  ...hashtagsRoutes,
  ...organizationsRoutes,
  ...bookmarksRoutes,
  ...studioRoutes,
  ...feedsRoutes,
  ...alertsRoutes,
};
