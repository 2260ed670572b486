/**
 * Correcting one participant-reported answer (decision E-response-corrections): the question with the domain's own
 * field and rules, the answer as it stands, and a reason for change; sent with the query it answers, if any. The
 * participant's submitted answer stays as it was: the correction is a record of its own.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { correctResponseAnswer } from '@trialpath/contract';
import { type Answer, type Question, questionDisplayText, validateQuestion } from '@trialpath/domain';
import { QuestionField } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { refusalText } from '../../shared/refusal';

export function CorrectionDialog(props: {
  studyId: string;
  participantId: string;
  responseId: string;
  question: Question;
  current: Answer | undefined;
  /** The open query on this answer, which the correction answers. */
  queryId?: string;
  onClose(): void;
  onCorrected(): void;
}) {
  const { t, i18n } = useTranslation('queries');
  const lang = i18n.language;
  const [value, setValue] = useState<Answer | undefined>(props.current);
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = validateQuestion(props.question, value, { language: lang }).errors;
  const reasonShort = reason.trim() === '';

  const save = async () => {
    setChecked(true);
    if (errors.length > 0 || reasonShort) return;
    setBusy(true);
    setRefusal(null);
    try {
      await api.call(correctResponseAnswer, {
        params: { studyId: props.studyId, participantId: props.participantId, responseId: props.responseId },
        body: { item: props.question.identifier, answer: value, reason: reason.trim(), queryId: props.queryId },
      });
      props.onCorrected();
    } catch (e) {
      setRefusal(refusalText(e, lang, t('correction.failed')));
    } finally {
      setBusy(false);
    }
  };

  const label = questionDisplayText(props.question, lang);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('correction.title', { question: label })}
      closeButtonProps={{ 'aria-label': t('correction.close') }}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('correction.hint')}
          </Text>
          <QuestionField
            question={props.question}
            value={value}
            onChange={setValue}
            language={lang}
            errors={checked ? errors : undefined}
          />
          <Textarea
            label={t('correction.reason')}
            description={t('correction.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={checked && reasonShort ? t('correction.reasonRequired') : undefined}
            required
            minRows={2}
          />
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('correction.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('correction.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
