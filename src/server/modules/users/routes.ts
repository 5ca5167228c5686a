import type { RouteMap } from '../../http/routes';

export const usersRoutes: RouteMap = {};
