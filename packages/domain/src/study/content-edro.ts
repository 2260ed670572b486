/**
 * The eDRO sections of a version's content (C-019, decision 0045): the forced-spirometry settings
 * (spirometry/settings.ts) its device-reported activities grade sessions by. Versioned with the rest of the
 * content, so a change is part of a new study version; a new study's draft holds them disabled.
 */
import { SpirometrySettingsSchema } from '../spirometry/settings';
import type { TextKit } from './content-fields';

export const EDRO_SECTION_BUILDERS = {
  spirometry: (_t: TextKit) => SpirometrySettingsSchema,
};
