import { authRoutes } from './auth/routes';
import { systemRoutes } from './system/routes';
import type { RouteModule } from './types';
import { userRoutes } from './users/routes';

/** Every feature's routes, registered in this order. Add a feature by adding its module here. */
export const routeModules: RouteModule[] = [systemRoutes, authRoutes, userRoutes];
