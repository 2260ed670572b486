/** Epic MyChart / SMART on FHIR link (issue 14; decision H-epic-mychart): its audit actions (part of AUDIT_ACTIONS). */
import type { ActionDef } from './actions';

export const EHR_ACTIONS = {
  'ehr.link.configure': {
    entity: ['study'],
    summary: 'Study EHR link configured (enabled, base address, client, scopes, resources; never the secret)',
  },
  'ehr.link.test': { entity: ['study'], summary: 'Study EHR link tested (the SMART discovery result)' },
  'ehr.connect.start': { entity: ['participant'], summary: 'Participant started linking their health record' },
  'ehr.connect': {
    entity: ['participant'],
    summary: 'Participant linked their health record (patient id, resources fetched per type)',
  },
  'ehr.connect.fail': { entity: ['participant'], summary: 'Linking or syncing a health record failed (the reason)' },
  'ehr.sync': { entity: ['participant'], summary: 'Health record synced (resources fetched per type)' },
  'ehr.disconnect': { entity: ['participant'], summary: 'Participant disconnected their health record' },
} as const satisfies Record<string, ActionDef>;
