/**
 * The staff portal's features (decision 0019). Each declares its routes (with test twins) and its texts
 * in its own folder; adding a feature is one line here.
 */
import { authFeature } from '../features/auth/feature';
import { devFeature } from '../features/dev/feature';
import { legalFeature } from '../features/legal/feature';
import { studiesFeature } from '../features/studies/feature';
import { registerFeatureTexts } from '../i18n';
import type { Feature } from '../shared/feature';

export const FEATURES: readonly Feature[] = [authFeature, legalFeature, devFeature, studiesFeature];

registerFeatureTexts(FEATURES);
