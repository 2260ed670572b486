/** Messages from staff to participants (issue 12): its routes. */
import type { RouteDef } from '../../http/context';

export const messagingRoutes: RouteDef[] = [];
