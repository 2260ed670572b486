/** Study videos (issue 14; H-033, H-034; decision H-study-videos): their audit actions (part of AUDIT_ACTIONS). */
import type { ActionDef } from './actions';

export const VIDEO_ACTIONS = {
  'video.upload': {
    entity: ['study_video'],
    summary: 'Study video uploaded (title, type, size), waiting to be converted',
  },
  'video.convert': {
    entity: ['study_video'],
    summary: 'Study video converted to a web-playable MP4 (H.264/AAC), or kept as uploaded when it already was one',
  },
  'video.fail': { entity: ['study_video'], summary: 'Study video could not be converted (the reason)' },
  'video.delete': { entity: ['study_video'], summary: 'Study video deleted' },
} as const satisfies Record<string, ActionDef>;
