import { type Feature, studyPages } from '../../shared/feature';

/**
 * Participant site transfers (issue 12; E-022; decision E-site-transfers): the study's transfers, reviewed by the
 * receiving site, with its test twin (000 §2.5) working on the study's test participants. The request dialog
 * (TransferRequestDialog) is opened from the participant profile.
 */
export const transfersFeature: Feature = {
  id: 'transfers',
  texts: { en: () => import('./transfers.en'), es: () => import('./transfers.es') },
  routes: studyPages(() => import('./pages'), [['participantTransfers', 'participant-transfers', 'SiteTransfersPage']]),
};
