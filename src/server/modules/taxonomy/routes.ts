import type { RouteMap } from '../../http/routes';

export const taxonomyRoutes: RouteMap = {};
