/**
 * Emergency unblinding (decision E-blinding, addendum): a blinded investigator unblinds this participant for
 * themselves, with the reason — recorded and audited; from then on they receive the participant's unblinding answers.
 */
import { Text } from '@mantine/core';
import { unblindParticipant } from '@trialpath/contract';
import { notify } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { ReasonDialog } from '../../shared/ReasonDialog';

export function UnblindDialog(props: {
  studyId: string;
  participant: { id: string; participantId: string };
  onClose(): void;
}) {
  const { t } = useTranslation('participants');
  return (
    <ReasonDialog
      opened
      color="red"
      title={t('unblind.title', { participant: props.participant.participantId })}
      labels={{
        reason: t('unblind.reason'),
        hint: t('unblind.hint'),
        required: t('unblind.reasonRequired'),
        cancel: t('unblind.cancel'),
        confirm: t('unblind.confirm'),
        failed: t('error.generic'),
      }}
      onClose={props.onClose}
      onConfirm={async (reason) => {
        await api.call(unblindParticipant, {
          params: { studyId: props.studyId, participantId: props.participant.id },
          body: { reason },
        });
        notify(t('unblind.done', { participant: props.participant.participantId }), { kind: 'success' });
      }}
    >
      <Text size="sm">{t('unblind.summary')}</Text>
    </ReasonDialog>
  );
}
