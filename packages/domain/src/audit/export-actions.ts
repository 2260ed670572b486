/** Data exports (issue 14; decision H-exports): their audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const EXPORT_ACTIONS = {
  'export.request': {
    entity: ['export_job'],
    summary: 'Export asked for (kind, formats, filters and the sites and blinding of the person who asked)',
  },
  'export.finish': { entity: ['export_job'], summary: 'Export made (rows, file name, size and SHA-256)' },
  'export.fail': { entity: ['export_job'], summary: 'Export failed (the reason)' },
  'export.download': { entity: ['export_job'], summary: 'Export file downloaded' },
} as const satisfies Record<string, ActionDef>;
