import { Button, Group, Modal, Text } from '@mantine/core';
import { translate } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';

/** The session-expiry message (000 §8.2): loaded only when a session expires while the page is open. */
export function SessionExpiredDialog({ onOk }: { onOk: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      opened
      onClose={onOk}
      title={t('app.sessionExpiredTitle')}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Text mb="lg">{translate('session.expired', undefined, i18n.language)}</Text>
      <Group justify="flex-end">
        <Button onClick={onOk} data-autofocus>
          {translate('session.ok', undefined, i18n.language)}
        </Button>
      </Group>
    </Modal>
  );
}
