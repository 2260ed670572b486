/** Every handler, one list per area; app.ts refuses to start if an ENDPOINT has none. */
import type { RouteDef } from './http/context';
import type { SocketRoute } from './http/sockets';
import { callSignalRoute } from './modules/telehealth/telehealth.routes';
import { activityRoutes } from './modules/activities/activities.routes';
import { consentRoutes, consentSigningRoutes } from './modules/consent/consent.routes';
import { siteFormRoutes } from './modules/site-forms/site-forms.routes';
import { dataQueryRoutes } from './modules/data-queries/data-queries.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { participantDocumentRoutes } from './modules/participant-documents/participant-documents.routes';
import { exportRoutes } from './modules/exports/exports.routes';
import { deviceRoutes } from './modules/devices/devices.routes';
import { sftpRoutes } from './modules/sftp/sftp.routes';
import { responseRoutes } from './modules/responses/responses.routes';
import { participantFormRoutes, scheduleRoutes, scheduleTaskRoutes } from './modules/schedules/schedules.routes';
import { accountAdminRoutes } from './modules/auth/account-admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { identityRoutes } from './modules/auth/identity.routes';
import { participantAuthRoutes } from './modules/auth/participant-auth.routes';
import { clientRoutes } from './modules/clients/clients.routes';
import { brandingRoutes } from './modules/versions/versions-branding.routes';
import { iconLibraryRoutes } from './modules/versions/versions-icons.routes';
import { flagRoutes } from './modules/flags/flags.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { participantRoutes } from './modules/participants/participants.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { participantManagementRoutes } from './modules/participant-management/participant-management.routes';
import { siteTransferRoutes } from './modules/site-transfers/site-transfers.routes';
import { enrolmentRoutes } from './modules/enrolment/enrolment.routes';
import { documentRoutes } from './modules/files/documents.routes';
import { siteRoutes } from './modules/sites/sites.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { studyRoutes } from './modules/studies/studies.routes';
import { studyBuildRoutes } from './modules/study-build/study-build.routes';
import { profileRoutes } from './modules/users/profile.routes';
import { versionRoutes } from './modules/versions/versions.routes';
import { prototypeRoutes } from './modules/versions/versions-prototype.routes';
import { userRoutes } from './modules/users/users.routes';
import { pushRoutes } from './modules/push/push.routes';
import { identityTokenRoutes } from './modules/identity-tokens/identity-tokens.routes';
import { ehrRoutes } from './modules/ehr/ehr.routes';
import { portalContentRoutes } from './modules/portal-content/portal-content.routes';
import { participantSiteRoutes } from './modules/participant-site/participant-site.routes';
import { linkageRoutes } from './modules/linkage/linkage.routes';
import { studyVideoRoutes } from './modules/study-videos/videos.routes';
import { telehealthRoutes } from './modules/telehealth/telehealth.routes';

export const ALL_ROUTES: readonly RouteDef[] = [
  ...clientRoutes,
  ...flagRoutes,
  ...outboxRoutes,
  ...authRoutes,
  ...identityRoutes,
  ...participantAuthRoutes,
  ...profileRoutes,
  ...userRoutes,
  ...accountAdminRoutes,
  ...studyRoutes,
  ...studyBuildRoutes,
  ...versionRoutes,
  ...participantRoutes,
  ...analyticsRoutes,
  ...participantManagementRoutes,
  ...siteTransferRoutes,
  ...siteFormRoutes,
  ...dataQueryRoutes,
  ...messagingRoutes,
  ...participantDocumentRoutes,
  ...enrolmentRoutes,
  ...ssoRoutes,
  ...siteRoutes,
  ...documentRoutes,
  ...brandingRoutes,
  ...iconLibraryRoutes,
  ...prototypeRoutes,
  ...activityRoutes,
  ...scheduleRoutes,
  ...scheduleTaskRoutes,
  ...participantFormRoutes,
  ...responseRoutes,
  ...exportRoutes,
  ...deviceRoutes,
  ...sftpRoutes,
  ...pushRoutes,
  ...portalContentRoutes,
  ...participantSiteRoutes,
  ...consentRoutes,
  ...consentSigningRoutes,
  ...identityTokenRoutes,
  ...linkageRoutes,
  ...studyVideoRoutes,
  ...ehrRoutes,
  ...telehealthRoutes,
];

/** The WebSocket routes (http/sockets.ts). */
export const SOCKET_ROUTES: SocketRoute[] = [callSignalRoute];
