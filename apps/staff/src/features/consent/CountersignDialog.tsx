import { Button, Checkbox, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type ConsentSignature, countersignParticipantConsent, listParticipantConsents } from '@trialpath/contract';
import { DATE_FORMATS, formatDisplayDate, translate } from '@trialpath/domain';
import { ErrorAlert, notify, uiLabel } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';

/**
 * The investigator's countersignature of a participant's consent signature (21 CFR 11.50, 11.200): the
 * meaning of the signature shown (the catalogue's `consent.countersignMeaning`) and accepted, and the
 * password typed again. A refusal is shown and keeps what was entered; on success the list is read again.
 */
export function CountersignDialog({
  studyId,
  participantId,
  name,
  signature,
  onClose,
}: {
  studyId: string;
  participantId: string;
  name: string;
  signature: ConsentSignature;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('consent');
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const meaningId = useId();
  const [accepted, setAccepted] = useState(false);
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setTried(true);
    if (!accepted || password.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      await api.call(countersignParticipantConsent, {
        params: { studyId, participantId, signatureId: signature.id },
        body: { currentPassword: password, meaningAccepted: true },
      });
      await invalidateEndpoints(queryClient, listParticipantConsents);
      notify(t('countersign.done', { name }), { kind: 'success' });
      onClose();
    } catch (e) {
      setError(refusalText(e, lang, t('countersign.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('countersign.title', { name })}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('countersign.intro', {
              participant: signature.participantName,
              date: formatDisplayDate(signature.signedAt, DATE_FORMATS.DATE_TIME_UTC, 'UTC', lang),
            })}
          </Text>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby={meaningId}>
            <Stack gap="xs">
              <Title order={3} fz="h5" id={meaningId}>
                {t('countersign.meaningHeading')}
              </Title>
              <Text data-testid="countersign-meaning">{translate('consent.countersignMeaning', undefined, lang)}</Text>
            </Stack>
          </Paper>
          <Checkbox
            label={t('countersign.accept')}
            checked={accepted}
            onChange={(e) => setAccepted(e.currentTarget.checked)}
            error={tried && !accepted ? t('countersign.acceptRequired') : undefined}
          />
          <PasswordInput
            label={t('countersign.password')}
            description={t('countersign.passwordHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            maxLength={200}
            withAsterisk
            data-autofocus
            error={tried && password.length === 0 ? t('countersign.passwordRequired') : undefined}
          />
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('countersign.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('countersign.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
