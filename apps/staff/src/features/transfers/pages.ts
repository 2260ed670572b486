/** The transfers feature's screens, one chunk (decision 0019). */
export { SiteTransfersPage } from './SiteTransfersPage';
