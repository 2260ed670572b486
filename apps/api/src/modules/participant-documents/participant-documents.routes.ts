/** Participant documents and e-signature (issue 12): its routes. */
import type { RouteDef } from '../../http/context';

export const participantDocumentRoutes: RouteDef[] = [];
