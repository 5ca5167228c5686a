import type { RouteMap } from '../../http/routes';

export const hashtagsRoutes: RouteMap = {};
