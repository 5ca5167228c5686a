import type { RouteMap } from '../../http/routes';

export const authRoutes: RouteMap = {};
