import { type Feature, studyPages } from '../../shared/feature';

/**
 * Medical devices and wearables (issue 14; 000 §2.4 customize/medical-devices and customize/wearables; H-030…H-032,
 * H-038, H-039; decision H-devices), each with its read-only test twin; the participant profile shows DeviceDataPanel.
 */
export const devicesFeature: Feature = {
  id: 'devices',
  texts: { en: () => import('./devices.en'), es: () => import('./devices.es') },
  routes: studyPages(
    () => import('./pages'),
    [
      ['customize.medicalDevices', 'customize/medical-devices', 'MedicalDevicesPage'],
      ['customize.wearables', 'customize/wearables', 'WearablesPage'],
    ],
  ),
};
