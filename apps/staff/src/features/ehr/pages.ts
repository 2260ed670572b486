/** The EHR feature's screens, one chunk (decision 0019). */
export { EpicMyChartPage } from './EpicMyChartPage';
export { EhrRecords } from './EhrRecords';
