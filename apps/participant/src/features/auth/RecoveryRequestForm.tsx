import { Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { identityFailureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';

interface Props {
  /** i18n key prefix holding title, intro, sent and submit. */
  textKey: 'forgotPassword' | 'forgotUsername';
  /** The message to show when the value cannot be sent, else null. */
  validate: (value: string) => string | null;
  send: (value: string, ctx: { studyCode: string; language: string }) => Promise<unknown>;
  field: (value: string, onChange: (value: string) => void) => ReactNode;
}

/**
 * A recovery request (forgot password / forgot username): one field, one call, and the same answer
 * whether or not an account matched, so the page never reveals who is enrolled.
 */
export function RecoveryRequestForm({ textKey, validate, send, field }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t(`${textKey}.title`), study.name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const invalid = validate(value);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(value.trim(), { studyCode: study.studyCode, language: lang });
      setSent(true);
    } catch (err) {
      setError(identityFailureText(err, 'forgotPassword', lang, navigator.onLine));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <PageTitle>{t(`${textKey}.title`)}</PageTitle>
          {!sent && <Text c="dimmed">{t(`${textKey}.intro`)}</Text>}
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        {sent ? (
          <SuccessAlert>{t(`${textKey}.sent`)}</SuccessAlert>
        ) : (
          <>
            {field(value, setValue)}
            <PrimaryButton type="submit" loading={busy}>
              {t(`${textKey}.submit`)}
            </PrimaryButton>
          </>
        )}
        <TouchLink to={studyPath(study.studyCode, PAGES.login)}>{t('nav.backToLogin')}</TouchLink>
      </Stack>
    </form>
  );
}
