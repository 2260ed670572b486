import { type Feature, studyPages } from '../../shared/feature';

/**
 * Data transfer (issue 14; H-014…H-023, H-035; decision H-sftp): the study's SFTP destinations, their tests, transfers
 * and log, with its test twin (everything shown, nothing changed or sent: A-008).
 */
export const dataTransferFeature: Feature = {
  id: 'data-transfer',
  texts: { en: () => import('./data-transfer.en'), es: () => import('./data-transfer.es') },
  routes: studyPages(() => import('./pages'), [['dataTransfer', 'data-transfer', 'DataTransferPage']]),
};
