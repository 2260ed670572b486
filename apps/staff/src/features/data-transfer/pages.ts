/** The data-transfer feature's screen, one chunk (decision 0019). */
export { DataTransferPage } from './DataTransferPage';
