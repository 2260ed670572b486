/** The devices feature's screens and panel, one chunk (decision 0019). */
export { DeviceDataPanel } from './DeviceDataPanel';
export { MedicalDevicesPage } from './MedicalDevicesPage';
export { WearablesPage } from './WearablesPage';
