import type { RouteMap } from '../../http/routes';

export const postsRoutes: RouteMap = {};
