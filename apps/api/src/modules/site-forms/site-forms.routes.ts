/** EDC: site data entry of data capture forms (issue 12): its routes. */
import type { RouteDef } from '../../http/context';

export const siteFormRoutes: RouteDef[] = [];
