import type { RouteMap } from '../../http/routes';

export const organizationsRoutes: RouteMap = {};
