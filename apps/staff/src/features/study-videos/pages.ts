/** The study videos feature's screens, one chunk (decision 0019). */
export { VideosPage } from './VideosPage';
