import { Button, Group, Modal, Text } from '@mantine/core';
import { translate } from '@trialpath/domain';
import { useIdleTimeout } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSession } from '../shared/api';
import { session, useSignedIn } from '../shared/session';
import { STAFF_STORAGE_KEYS, storage } from '../shared/storage';

/** Idle timeout of the signed-in session (000 §9) with the session-expiry message (000 §8.2). */
export function IdleWatcher() {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const [expired, setExpired] = useState(false);

  useIdleTimeout({
    enabled: signedIn && !expired,
    sharedKey: STAFF_STORAGE_KEYS.lastActivity,
    readLastActivity: () => storage.getLastActivity(),
    writeLastActivity: (ms) => storage.setLastActivity(ms),
    isPaused: () => session.isTelehealthCallActive(),
    onExpire: (reason) => {
      // 000 §9: a page opened after the limit logs out at once; expiry while open asks to confirm first.
      if (reason === 'load') clearSession();
      else setExpired(true);
    },
  });

  const ok = () => {
    setExpired(false);
    clearSession();
  };

  return (
    <Modal
      opened={expired}
      onClose={ok}
      title={t('app.sessionExpiredTitle')}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Text mb="lg">{translate('session.expired', undefined, i18n.language)}</Text>
      <Group justify="flex-end">
        <Button onClick={ok} data-autofocus>
          {translate('session.ok', undefined, i18n.language)}
        </Button>
      </Group>
    </Modal>
  );
}
