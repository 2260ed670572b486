/** The analytics feature's screens, one chunk (decision 0019). */
export { AnalyticsHomeRedirect, AnalyticsPage } from './AnalyticsPage';
