/** Data queries on site-entered and participant-reported answers, and the participant responses view (issue 12): its routes. */
import type { RouteDef } from '../../http/context';

export const dataQueryRoutes: RouteDef[] = [];
