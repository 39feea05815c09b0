import type { authApi } from '@lns/contract/api/auth';
import { authRoutes as routes } from '@lns/contract/api/auth-routes';
import { routesOf } from './api';

/** The session endpoints by route (RouteOf in api.ts): the route guard and the login page load without zod. */
export const authRoutes = routesOf<typeof authApi>(routes);
