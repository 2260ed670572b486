/** What both device screens share: the study's settings, whether this page may change them, and saving them. */
import { getStudyDeviceSettings, updateStudyDeviceSettings, type DeviceSettings } from '@trialpath/contract';
import { can, isTestTwinPath } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../shared/api';
import { authoritiesFor } from '../../shared/authorities';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { storage } from '../../shared/storage';

export const useDeviceSettings = (studyId: string, enabled = true) =>
  useEndpointQuery(getStudyDeviceSettings, { params: { studyId } }, { enabled });

/** Why the page is read-only ('twin', 'role'), or null when the person may change the settings here. */
export function useReadOnlyReason(studyId: string): 'twin' | 'role' | null {
  const { pathname } = useLocation();
  if (isTestTwinPath(pathname)) return 'twin';
  return authoritiesFor(studyId, storage).some((a) => can(a, 'studies.design')) ? null : 'role';
}

/** Save the settings with some of them changed; busy while it runs. */
export function useSaveSettings(studyId: string) {
  const { t, i18n } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const save = async (
    current: DeviceSettings,
    change: Partial<Pick<DeviceSettings, 'deviceTypes' | 'wearableSources' | 'ingestionEnabled'>>,
  ) => {
    setBusy(true);
    try {
      const next = { ...current, ...change };
      await api.call(updateStudyDeviceSettings, {
        params: { studyId },
        body: {
          deviceTypes: next.deviceTypes,
          wearableSources: next.wearableSources,
          ingestionEnabled: next.ingestionEnabled,
        },
      });
      notify(t('common.saved'), { kind: 'success' });
      await invalidateEndpoints(queryClient, getStudyDeviceSettings);
    } catch (e) {
      notify(refusalText(e, i18n.language, t('medical.failed')), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { save, busy };
}

/** The notice of a read-only page. */
export function readOnlyText(t: (key: string) => string, reason: 'twin' | 'role' | null): string | null {
  if (reason === 'twin') return t('common.readOnly');
  if (reason === 'role') return t('common.noDesign');
  return null;
}
