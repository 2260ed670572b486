import { Stack, Text } from '@mantine/core';
import { applyServerFieldErrors } from '@trialpath/ui';
import { type ReactNode, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { recoveryFailureText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';

interface Props<T extends FieldValues> {
  /** i18n key prefix holding title, intro, sent and submit. */
  textKey: 'forgotPassword' | 'forgotUsername';
  /** The form on the request's contract schema (useContractForm). */
  form: UseFormReturn<T, unknown, T>;
  send: (values: T, ctx: { studyCode: string; language: string }) => Promise<unknown>;
  /** The form's one field. */
  children: ReactNode;
}

/**
 * A recovery request (forgot password / forgot username): one field, one call, and the same answer
 * whether or not an account matched, so the page never reveals who is enrolled.
 */
export function RecoveryRequestForm<T extends FieldValues>({ textKey, form, send, children }: Props<T>) {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  useDocumentTitle(t(`${textKey}.title`), study.name);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await send(values, { studyCode: study.studyCode, language: lang });
      setSent(true);
    } catch (err) {
      if (!applyServerFieldErrors(err, form, lang)) setError(recoveryFailureText(err, lang, navigator.onLine));
    }
  });

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
            {children}
            <PrimaryButton type="submit" loading={form.formState.isSubmitting}>
              {t(`${textKey}.submit`)}
            </PrimaryButton>
          </>
        )}
        <TouchLink to={studyPath(study.studyCode, PAGES.login)}>{t('nav.backToLogin')}</TouchLink>
      </Stack>
    </form>
  );
}
