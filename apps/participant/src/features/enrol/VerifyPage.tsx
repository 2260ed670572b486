import { Button, Stack, Text, TextInput } from '@mantine/core';
import { ApiRequestError, resendParticipantCode, verifyParticipantCode } from '@trialpath/contract';
import { applyServerFieldErrors, useContractForm } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { api, storage } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import {
  clearPendingVerification,
  type PendingVerification,
  pendingVerification,
  storePendingVerification,
} from './enrol-storage';
import { Verified } from './Verified';
import './texts';

/** The code field of the verify call (the participant comes from this device's pending registration). */
const codeForm = verifyParticipantCode.body!.pick({ code: true });

/** The attempts left that a refused code reports, if it does. */
export function attemptsLeftOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError)) return null;
  const details = error.body?.details as { attemptsRemaining?: unknown } | undefined;
  return typeof details?.attemptsRemaining === 'number' ? details.attemptsRemaining : null;
}

/** Whether a refusal says the account is verified already (409 from the verify and resend calls). */
export function isAlreadyVerified(error: unknown): boolean {
  return error instanceof ApiRequestError && error.body?.messageKey === 'enrolment.alreadyVerified';
}

/**
 * The code screen after registration (D-057): the 6-digit code sent by e-mail or text message, a new code
 * on request; once confirmed, on to the sign-in.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const [pending, setPending] = useState<PendingVerification | null>(() =>
    pendingVerification(storage, study.studyCode),
  );
  const [done, setDone] = useState<'verified' | 'already' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useContractForm(codeForm, { defaultValues: { code: '' } });
  const { register, handleSubmit, formState, resetField } = form;
  useDocumentTitle(t('enrol.verify.title'), study.name);

  const finish = (how: 'verified' | 'already') => {
    clearPendingVerification(storage);
    setDone(how);
  };

  const submit = handleSubmit(async ({ code }) => {
    if (!pending) return;
    setError(null);
    setNotice(null);
    try {
      await api.call(verifyParticipantCode, { body: { pid: pending.pid, code } });
      finish('verified');
    } catch (err) {
      if (isAlreadyVerified(err)) return finish('already');
      resetField('code', { keepError: true });
      const left = attemptsLeftOf(err);
      const placed = applyServerFieldErrors(err, form, lang);
      const text = placed ? null : failureText(err, lang, 'data.syncFailed', navigator.onLine);
      setError(
        [text, left !== null ? t('enrol.verify.attemptsLeft', { count: left }) : null].filter(Boolean).join(' ') ||
          null,
      );
    }
  });

  const resend = async () => {
    if (!pending) return;
    setError(null);
    setNotice(null);
    setResending(true);
    try {
      const r = await api.call(resendParticipantCode, { body: { pid: pending.pid } });
      const next = { ...pending, verificationMethod: r.verificationMethod, destination: r.destination };
      storePendingVerification(storage, next);
      setPending(next);
      setNotice(t('enrol.verify.resent', { destination: r.destination }));
    } catch (err) {
      if (isAlreadyVerified(err)) finish('already');
      else setError(failureText(err, lang, 'data.syncFailed', navigator.onLine));
    } finally {
      setResending(false);
    }
  };

  if (done) return <Verified already={done === 'already'} />;
  if (!pending) {
    return (
      <Stack gap="md">
        <PageTitle>{t('enrol.verify.title')}</PageTitle>
        <Text>{t('enrol.verify.noPending')}</Text>
        <TouchLink to={studyPath(study.studyCode, PAGES.login)}>{t('enrol.verified.login')}</TouchLink>
      </Stack>
    );
  }
  const sent =
    pending.verificationMethod === 'phone'
      ? t('enrol.verify.sentPhone', { destination: pending.destination })
      : t('enrol.verify.sentEmail', { destination: pending.destination });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <PageTitle>{t('enrol.verify.title')}</PageTitle>
          {pending.destination && <Text c="dimmed">{sent}</Text>}
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        {notice && <SuccessAlert>{notice}</SuccessAlert>}
        <TextInput
          label={t('enrol.verify.code')}
          size="lg"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          withAsterisk={false}
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <PrimaryButton type="submit" loading={formState.isSubmitting}>
          {t('enrol.verify.submit')}
        </PrimaryButton>
        <Button variant="subtle" size="md" onClick={resend} loading={resending}>
          {t('enrol.verify.resend')}
        </Button>
      </Stack>
    </form>
  );
}
