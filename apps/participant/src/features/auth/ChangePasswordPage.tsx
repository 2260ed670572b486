import { PasswordInput, Stack } from '@mantine/core';
import { participantChangePassword } from '@trialpath/contract';
import { RULE_MESSAGE_PARAMS, translate } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { identityFailureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { NewPasswordFields } from './NewPasswordFields';
import { checkChangePassword, type NewPasswordErrors } from './validation';

/** Change password (previous, new, confirm) for the signed-in participant; spec 001 §5 rule and §8 errors. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const session = useSession();
  const [previous, setPrevious] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<NewPasswordErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('changePassword.title'), study.name);
  const msg = (key: NewPasswordErrors['newPassword']) => (key ? translate(key, RULE_MESSAGE_PARAMS, lang) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(false);
    const check = checkChangePassword({ previous, next, confirm, hasToken: Boolean(session?.accessToken) });
    if (!check.ok) {
      if ('formError' in check) {
        setFieldErrors({});
        setError(translate(check.formError, undefined, lang));
      } else {
        setError(null);
        setFieldErrors(check.fieldErrors);
      }
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await api.call(participantChangePassword, { body: { previousPassword: previous, proposedPassword: next } });
      setPrevious('');
      setNext('');
      setConfirm('');
      setDone(true);
      notify(t('changePassword.done'), { kind: 'success' });
    } catch (err) {
      setError(identityFailureText(err, 'changePassword', lang, navigator.onLine));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PageTitle>{t('changePassword.title')}</PageTitle>
        <ErrorAlert>{error}</ErrorAlert>
        {done && <SuccessAlert>{t('changePassword.done')}</SuccessAlert>}
        <PasswordInput
          label={t('changePassword.previousPassword')}
          size="lg"
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={previous}
          onChange={(e) => setPrevious(e.currentTarget.value)}
        />
        <NewPasswordFields
          labels={{ password: t('changePassword.newPassword'), confirm: t('changePassword.confirmPassword') }}
          rulesId="new-password-rules"
          password={next}
          confirm={confirm}
          errors={{ password: msg(fieldErrors.newPassword), confirm: msg(fieldErrors.confirm) }}
          onPasswordChange={setNext}
          onConfirmChange={setConfirm}
        />
        <PrimaryButton type="submit" loading={busy} mt="xs">
          {t('changePassword.submit')}
        </PrimaryButton>
        <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{t('nav.backToHome')}</TouchLink>
      </Stack>
    </form>
  );
}
