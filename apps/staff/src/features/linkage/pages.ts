/** The linkage feature's screens, one chunk (decision 0019). */
export { LinkagePage } from './LinkagePage';
