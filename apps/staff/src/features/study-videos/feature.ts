import { type Feature, studyPages } from '../../shared/feature';

/**
 * Study videos (issue 14; 002 §3, §7; H-033 local video upload, H-034 video conversion check; decision
 * H-study-videos): upload (drag and drop or a file), the list with each video's conversion state (checked while
 * it converts), a player once ready, delete; the test twin shows the videos read only.
 */
export const studyVideosFeature: Feature = {
  id: 'study-videos',
  texts: { en: () => import('./study-videos.en'), es: () => import('./study-videos.es') },
  routes: studyPages(() => import('./pages'), [['studyVideos', 'videos', 'VideosPage']]),
};
