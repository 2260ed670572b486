/**
 * The staff portal's features (decision 0019). Each declares its routes (with test twins) and its texts
 * in its own folder; adding a feature is one line here.
 */
import { activitiesFeature } from '../features/activities/feature';
import { authFeature } from '../features/auth/feature';
import { consentFeature } from '../features/consent/feature';
import { customizeFeature } from '../features/customize/feature';
import { ehrFeature } from '../features/ehr/feature';
import { devFeature } from '../features/dev/feature';
import { edroFeature } from '../features/edro/feature';
import { legalFeature } from '../features/legal/feature';
import { schedulesFeature } from '../features/schedules/feature';
import { sitesFeature } from '../features/sites/feature';
import { participantsFeature } from '../features/participants/feature';
import { analyticsFeature } from '../features/analytics/feature';
import { reportsFeature } from '../features/reports/feature';
import { devicesFeature } from '../features/devices/feature';
import { exportsFeature } from '../features/exports/feature';
import { dataTransferFeature } from '../features/data-transfer/feature';
import { linkageFeature } from '../features/linkage/feature';
import { telehealthFeature } from '../features/telehealth/feature';
import { studyVideosFeature } from '../features/study-videos/feature';
import { edcFeature } from '../features/edc/feature';
import { queriesFeature } from '../features/queries/feature';
import { messagesFeature } from '../features/messages/feature';
import { documentsFeature } from '../features/documents/feature';
import { transfersFeature } from '../features/transfers/feature';
import { studiesFeature } from '../features/studies/feature';
import { studyBuildFeature } from '../features/study-build/feature';
import { versionsFeature } from '../features/versions/feature';
import { registerFeatureTexts } from '../i18n';
import type { Feature } from '../shared/feature';

export const FEATURES: readonly Feature[] = [
  authFeature,
  legalFeature,
  devFeature,
  studiesFeature,
  studyBuildFeature,
  versionsFeature,
  sitesFeature,
  participantsFeature,
  analyticsFeature,
  reportsFeature,
  devicesFeature,
  exportsFeature,
  dataTransferFeature,
  transfersFeature,
  documentsFeature,
  messagesFeature,
  queriesFeature,
  edcFeature,
  customizeFeature,
  ehrFeature,
  linkageFeature,
  telehealthFeature,
  studyVideosFeature,
  activitiesFeature,
  schedulesFeature,
  edroFeature,
  consentFeature,
];

registerFeatureTexts(FEATURES);
