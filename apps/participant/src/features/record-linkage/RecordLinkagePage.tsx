import { Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { decideMyRecordLinkage, getMyRecordLinkage, putMyIdentityTokens } from '@trialpath/contract';
import { DATE_FORMATS, formatDisplayDate, IdentityTokenMetaSchema } from '@trialpath/domain';
import { applyServerFieldErrors, useContractForm } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { i18next } from '../../i18n';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { RichText } from '../enrol/RichText';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { RECORD_LINKAGE_NS } from './texts';

const ALL = {};
const FIELDS = ['firstName', 'lastName', 'address', 'zipcode', 'email', 'countryCode', 'phoneNumber'] as const;
const EMPTY = Object.fromEntries([...FIELDS, 'gender', 'dob'].map((f) => [f, ''])) as Record<string, string>;

/**
 * #/participants/web/{studyCode}/record-linkage (decision D-138): the version's statement on linking the study's
 * data with other health records; the participant agrees or declines (and may withdraw later, which removes their
 * linkage keys); once agreed, their identity details become keyed tokens on the server, which keeps only those.
 * The details are checked by the same schema the server uses.
 */
export default function RecordLinkagePage() {
  const { t } = useTranslation(RECORD_LINKAGE_NS);
  const lang = useLang();
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const state = useEndpointQuery(queries, getMyRecordLinkage, pid ? ALL : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useContractForm(IdentityTokenMetaSchema, { defaultValues: EMPTY });
  useDocumentTitle(t('title'), study.name);

  const defaultLanguage = study.languages.find((l) => l.is_default)?.language_culture ?? 'en';
  const backHome = <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{i18next.t('nav.backToHome')}</TouchLink>;

  const decide = async (agree: boolean) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const withdrawing = !agree && state.status === 'success' && state.data.decision === 'AGREED';
      await queries.mutate(decideMyRecordLinkage, { body: { agree } }, [getMyRecordLinkage]);
      if (withdrawing) setNotice(t('withdrawn'));
    } catch (err) {
      setError(failureText(err, lang, 'network.serverIssue', navigator.onLine));
    } finally {
      setBusy(false);
    }
  };

  const save = form.handleSubmit(async (meta) => {
    setError(null);
    setNotice(null);
    try {
      const { kinds } = await queries.mutate(putMyIdentityTokens, { body: meta }, [getMyRecordLinkage]);
      form.reset(EMPTY);
      setNotice(kinds.length ? t('made', { count: kinds.length }) : t('noneMade'));
    } catch (err) {
      if (!applyServerFieldErrors(err, form, lang))
        setError(failureText(err, lang, 'network.serverIssue', navigator.onLine));
    }
  });

  if (state.status === 'error')
    return (
      <Stack gap="md">
        <PageTitle>{t('title')}</PageTitle>
        <ErrorAlert>{failureText(state.error, lang, 'network.serverIssue', navigator.onLine)}</ErrorAlert>
        {backHome}
      </Stack>
    );
  if (state.status !== 'success') return <PageLoader />;
  const linkage = state.data;
  const when = (iso: string | null) => (iso ? formatDisplayDate(iso, DATE_FORMATS.DATE_TIME, undefined, lang) : '');

  return (
    <Stack gap="lg">
      <PageTitle>{t('title')}</PageTitle>
      <ErrorAlert>{error}</ErrorAlert>
      {notice && <SuccessAlert>{notice}</SuccessAlert>}
      {!linkage.asked ? (
        <Text>{t('notAsked')}</Text>
      ) : (
        <>
          <RichText text={linkage.statement} lang={lang} defaultLanguage={defaultLanguage} />
          {linkage.decision === null && (
            <Stack gap="sm">
              <PrimaryButton type="button" loading={busy} onClick={() => void decide(true)}>
                {t('agree')}
              </PrimaryButton>
              <Button size="lg" variant="outline" fullWidth disabled={busy} onClick={() => void decide(false)}>
                {t('decline')}
              </Button>
            </Stack>
          )}
          {linkage.decision === 'DECLINED' && (
            <Stack gap="sm">
              <Text>{t('declinedOn', { date: when(linkage.decidedAt) })}</Text>
              <Button size="lg" variant="outline" loading={busy} onClick={() => void decide(true)}>
                {t('agreeAfterAll')}
              </Button>
            </Stack>
          )}
          {linkage.decision === 'AGREED' && (
            <Stack gap="md">
              <Text>{t('agreedOn', { date: when(linkage.decidedAt) })}</Text>
              {linkage.kinds.length > 0 && <Text>{t('held', { count: linkage.kinds.length })}</Text>}
              <form onSubmit={save} noValidate aria-labelledby="linkage-details-title">
                <Stack gap="sm">
                  <Title order={2} fz="h3" id="linkage-details-title">
                    {t('detailsTitle')}
                  </Title>
                  <Text c="dimmed">{t('detailsIntro')}</Text>
                  {FIELDS.slice(0, 2).map((f) => (
                    <TextInput
                      key={f}
                      size="lg"
                      label={t(f)}
                      autoComplete={f === 'firstName' ? 'given-name' : 'family-name'}
                      error={form.formState.errors[f]?.message}
                      {...form.register(f)}
                    />
                  ))}
                  <Select
                    size="lg"
                    label={t('gender')}
                    clearable
                    data={(['F', 'M', 'U'] as const).map((g) => ({ value: g, label: t(`gender${g}`) }))}
                    value={form.watch('gender') || null}
                    onChange={(v) => form.setValue('gender', v ?? '', { shouldValidate: true })}
                    error={form.formState.errors.gender?.message}
                  />
                  <TextInput
                    size="lg"
                    type="date"
                    label={t('dob')}
                    autoComplete="bday"
                    error={form.formState.errors.dob?.message}
                    {...form.register('dob')}
                  />
                  {FIELDS.slice(2).map((f) => (
                    <TextInput
                      key={f}
                      size="lg"
                      label={t(f)}
                      type={f === 'email' ? 'email' : f === 'phoneNumber' || f === 'countryCode' ? 'tel' : 'text'}
                      autoComplete={AUTOCOMPLETE[f]}
                      error={form.formState.errors[f]?.message}
                      {...form.register(f)}
                    />
                  ))}
                  <PrimaryButton type="submit" loading={form.formState.isSubmitting}>
                    {t('save')}
                  </PrimaryButton>
                </Stack>
              </form>
              <Button size="lg" variant="subtle" color="red" loading={busy} onClick={() => void decide(false)}>
                {t('withdraw')}
              </Button>
            </Stack>
          )}
        </>
      )}
      {backHome}
    </Stack>
  );
}

const AUTOCOMPLETE: Record<(typeof FIELDS)[number], string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  address: 'street-address',
  zipcode: 'postal-code',
  email: 'email',
  countryCode: 'tel-country-code',
  phoneNumber: 'tel-national',
};
