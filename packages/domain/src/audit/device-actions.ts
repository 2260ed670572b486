/** Medical devices and wearables (issue 14; decision H-devices): their audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const DEVICE_ACTIONS = {
  'device.settings.update': {
    entity: ['study'],
    summary: "Study's device settings changed (device types, wearable sources, chosen devices, ingestion on or off)",
  },
  'device.key.rotate': {
    entity: ['study'],
    summary: "Study's device data ingestion key made or replaced (its last characters; the key itself is never kept)",
  },
  'device.data.ingest': {
    entity: ['participant'],
    summary: 'Device or wearable data received for a participant (format, source, how many stored and duplicates)',
  },
} as const satisfies Record<string, ActionDef>;
