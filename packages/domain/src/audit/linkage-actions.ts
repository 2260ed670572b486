/** Privacy-preserving linkage tokens (issue 14; decision H-linkage-tokens): their audit actions (AUDIT_ACTIONS). */
import type { ActionDef } from './actions';

export const LINKAGE_ACTIONS = {
  'linkage.configure': {
    entity: ['linkage_settings'],
    summary: 'Linkage configuration changed (on or off, dataset configuration name, kinds of token made)',
  },
  'linkage.key.rotate': {
    entity: ['linkage_settings'],
    summary: 'Linkage key replaced (a new random key or one agreed with the linkage partner; never the key itself)',
  },
  'linkage.refresh': {
    entity: ['linkage_settings'],
    summary: 'Linkage tokens made again for participants whose identifiers or key changed (how many made, removed)',
  },
  'linkage.download': {
    entity: ['linkage_settings'],
    summary: 'Linkage token list downloaded as CSV for the linkage partner (how many participants, which sites)',
  },
} as const satisfies Record<string, ActionDef>;
