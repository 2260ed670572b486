/** Replacing a study's linkage key (H-028): confirmed by typing ROTATE; a random key or one agreed with the partner. */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { getLinkageConfiguration, listLinkageTokens, rotateLinkageKey } from '@trialpath/contract';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';

export function RotateKeyDialog({ studyId, onClose }: { studyId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('linkage');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState('');
  const [sharedKey, setSharedKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setErrors({});
    setRefusal(null);
    try {
      await api.call(rotateLinkageKey, {
        params: { studyId },
        body: { confirmation, ...(sharedKey.trim() ? { sharedKey: sharedKey.trim() } : {}) },
      });
      notify(t('rotate.done'), { kind: 'success' });
      await invalidateEndpoints(queryClient, getLinkageConfiguration, listLinkageTokens);
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e, i18n.language);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setRefusal(refusalText(e, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('rotate.title')}
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack gap="md">
        <Text size="sm">{t('rotate.warning')}</Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <TextInput
          label={t('rotate.confirmLabel')}
          value={confirmation}
          error={errors.confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          autoComplete="off"
        />
        <TextInput
          label={t('rotate.sharedKey')}
          description={t('rotate.sharedKeyHint')}
          value={sharedKey}
          error={errors.sharedKey}
          onChange={(e) => setSharedKey(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('rotate.cancel')}
          </Button>
          <Button color="red" loading={busy} disabled={confirmation !== 'ROTATE'} onClick={() => void confirm()}>
            {t('rotate.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
