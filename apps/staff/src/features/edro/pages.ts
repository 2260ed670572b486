/** The edro feature's screens, one chunk (decision 0019). */
export { ForcedSpirometryPage } from './SpirometryPage';
