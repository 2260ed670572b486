/** EDC: site data entry of data capture forms (issue 12): its audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const EDC_ACTIONS = {
  'edc.entry.start': { entity: ['site_form_entry'], summary: 'Unscheduled site form started' },
  'edc.entry.save': {
    entity: ['site_form_entry'],
    summary: 'Site form saved (each changed value, with the reason for change when a saved value changed)',
  },
  'edc.entry.sign': { entity: ['site_form_entry'], summary: 'Investigator signed a site form' },
  'edc.entry.lock': { entity: ['site_form_entry'], summary: 'Site form locked' },
  'edc.entry.unlock': { entity: ['site_form_entry'], summary: 'Site form unlocked (with the reason)' },
  'edc.site.lock': { entity: ['site'], summary: "Site's form data locked" },
  'edc.site.unlock': { entity: ['site'], summary: "Site's form data unlocked (with the reason)" },
} as const satisfies Record<string, ActionDef>;
