import { PasswordInput, Stack } from '@mantine/core';
import { participantChangePassword } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { NewPasswordFields, notify } from '@trialpath/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { identityFailureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { useNewPassword } from './new-password';
import { checkChangePassword } from './validation';

/** Change password (previous, new, confirm) for the signed-in participant; spec 001 §5 rule and §8 errors. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const session = useSession();
  const [previous, setPrevious] = useState('');
  const pair = useNewPassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('changePassword.title'), study.name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(false);
    const check = checkChangePassword({
      previous,
      next: pair.password,
      confirm: pair.confirm,
      hasToken: Boolean(session?.accessToken),
    });
    if (!check.ok) {
      if ('formError' in check) {
        pair.showErrors({});
        setError(translate(check.formError, undefined, lang));
      } else {
        setError(null);
        pair.showErrors(check.fieldErrors);
      }
      return;
    }
    setBusy(true);
    setError(null);
    pair.showErrors({});
    try {
      await api.call(participantChangePassword, {
        body: { previousPassword: previous, proposedPassword: pair.password },
      });
      setPrevious('');
      pair.clear();
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
          {...pair.fields}
        />
        <PrimaryButton type="submit" loading={busy} mt="xs">
          {t('changePassword.submit')}
        </PrimaryButton>
        <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{t('nav.backToHome')}</TouchLink>
      </Stack>
    </form>
  );
}
