import type { RouteMap } from '../../http/routes';

export const bookmarksRoutes: RouteMap = {};
