import { Button, Checkbox, Group, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { ApiRequestError, checkParticipantUsername, registerParticipant } from '@trialpath/contract';
import { applyServerFieldErrors, NewPasswordFields, PasswordRuleHints, useContractForm } from '@trialpath/ui';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { failureText } from '../../shared/errors';
import { useLang } from '../../shared/hooks';
import { api, deviceId, storage } from '../../shared/portal';
import { COUNTRY_KEY } from '../../shared/storage';
import { ErrorAlert, PageTitle, PrimaryButton, TouchLink } from '../layout/parts';
import {
  type EnrolMode,
  type EnrolmentFacts,
  registrationBody,
  registrationFormSchema,
  restartsEnrolment,
} from './enrol-logic';
import { storeOpenEnrolEmail, storePendingVerification } from './enrol-storage';
import { RichText, studyText } from './RichText';

type UsernameCheck = { username: string; available: boolean } | null;

/**
 * The registration form (002 §3, D-053): username (checked with the server on leaving the field, D-082),
 * the contact field the code goes to (e-mail or mobile, by the study's verification method) and any other
 * the study asks, password and confirmation with the shared rule hints. On success the code is on its way
 * and the person is taken to the code screen.
 */
export function RegistrationForm({
  facts,
  mode,
  screeningId,
  onRestart,
}: {
  facts: EnrolmentFacts;
  mode: EnrolMode;
  screeningId: string | null;
  onRestart: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const r = facts.registration;
  const schema = useMemo(() => registrationFormSchema(r), [r]);
  const form = useContractForm(schema, {
    defaultValues: { username: '', email: '', mobileCountryCode: '', mobile: '', password: '', confirmPassword: '' },
  });
  const { register, handleSubmit, formState, watch, setError: setFieldError, clearErrors } = form;
  const [error, setError] = useState<string | null>(null);
  const [restart, setRestart] = useState(false);
  const [optInSms, setOptInSms] = useState(false);
  const [checked, setChecked] = useState<UsernameCheck>(null);
  const latest = useRef('');
  const code = facts.studyCode;
  const { defaultLanguage } = facts;

  /** D-082: the server's uniqueness flag (and its rule check) when the person leaves the field. */
  const checkUsername = async (value: string) => {
    const username = value.trim();
    latest.current = username;
    setChecked(null);
    if (username === '') return;
    try {
      const res = await api.call(checkParticipantUsername, { params: { studyCode: code }, body: { username } });
      if (latest.current !== username) return;
      const available = res.isUnique && res.failedRules.length === 0;
      setChecked({ username, available });
      if (available) clearErrors('username');
      else if (res.message) setFieldError('username', { type: 'server', message: res.message });
    } catch {
      // The check is a help only: the registration itself refuses a taken name.
    }
  };

  const submit = handleSubmit(async (values) => {
    setError(null);
    setRestart(false);
    try {
      const res = await api.call(registerParticipant, {
        params: { studyCode: code },
        body: registrationBody({
          form: values,
          facts,
          mode,
          screeningId,
          deviceId: deviceId(),
          now: new Date(),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          language: i18n.language || 'en',
          countryId: storage.getItem(COUNTRY_KEY),
          optInSms,
        }),
      });
      storePendingVerification(storage, {
        studyCode: code,
        pid: res.pid,
        verificationMethod: res.verificationMethod,
        destination: res.destination,
      });
      storeOpenEnrolEmail(storage, mode.kind === 'open' ? (values.email?.trim() ?? null) : null);
      navigate(studyPath(code, PAGES.verify), { replace: true });
    } catch (err) {
      const key = err instanceof ApiRequestError ? err.body?.messageKey : undefined;
      if (restartsEnrolment(key)) setRestart(true);
      if (!applyServerFieldErrors(err, form, lang))
        setError(failureText(err, lang, 'data.syncFailed', navigator.onLine));
    }
  });

  const username = watch('username') ?? '';
  const usernameField = register('username');
  const showEmail = r.email !== 'hidden';
  const showMobile = r.mobile !== 'hidden';
  const byPhone = facts.verificationMethod === 'phone';
  const intro = studyText(r.introduction, lang, defaultLanguage, '');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <PageTitle>{studyText(r.heading, lang, defaultLanguage, t('enrol.register.title'))}</PageTitle>
          {intro ? (
            <RichText text={r.introduction} lang={lang} defaultLanguage={defaultLanguage} />
          ) : (
            <Text c="dimmed">
              {t(mode.kind === 'invited' ? 'enrol.register.invitedIntro' : 'enrol.register.intro')}
            </Text>
          )}
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        {restart && (
          <Button variant="light" size="md" onClick={onRestart}>
            {t('enrol.register.startAgain')}
          </Button>
        )}
        <TextInput
          label={t('enrol.register.username')}
          size="lg"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          withAsterisk={false}
          error={formState.errors.username?.message}
          description={
            checked?.available && checked.username === username.trim() ? (
              <Text span size="sm" c="teal.9">
                {t('enrol.register.usernameAvailable')}
              </Text>
            ) : (
              <PasswordRuleHints password={username} kind="username" />
            )
          }
          descriptionProps={{ id: 'register-username-rules', component: 'div' } as TextInputProps['descriptionProps']}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
          {...usernameField}
          onBlur={(e) => {
            void usernameField.onBlur(e);
            void checkUsername(e.currentTarget.value);
          }}
        />
        {showEmail && (
          <TextInput
            label={t('enrol.register.email')}
            description={byPhone ? undefined : t('enrol.register.emailHintCode')}
            size="lg"
            type="email"
            autoComplete="email"
            required={r.email === 'required'}
            withAsterisk={false}
            error={formState.errors.email?.message}
            {...register('email')}
          />
        )}
        {showMobile && (
          <>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <TextInput
                label={t('enrol.register.mobileCountryCode')}
                size="lg"
                w={110}
                placeholder="+1"
                inputMode="tel"
                autoComplete="tel-country-code"
                required={r.mobile === 'required'}
                withAsterisk={false}
                error={formState.errors.mobileCountryCode?.message}
                {...register('mobileCountryCode')}
              />
              <TextInput
                label={t('enrol.register.mobile')}
                size="lg"
                style={{ flex: 1 }}
                type="tel"
                autoComplete="tel-national"
                required={r.mobile === 'required'}
                withAsterisk={false}
                error={formState.errors.mobile?.message}
                {...register('mobile')}
              />
            </Group>
            {byPhone && (
              <Text size="sm" c="dimmed" mt={-8}>
                {t('enrol.register.mobileHintCode')}
              </Text>
            )}
            <Checkbox
              size="md"
              label={t('enrol.register.optInSms')}
              checked={optInSms}
              onChange={(e) => setOptInSms(e.currentTarget.checked)}
            />
          </>
        )}
        <NewPasswordFields
          labels={{ password: t('enrol.register.password'), confirm: t('enrol.register.confirmPassword') }}
          rulesId="register-password-rules"
          size="lg"
          required
          withAsterisk={false}
          password={watch('password') ?? ''}
          errors={{ password: formState.errors.password?.message, confirm: formState.errors.confirmPassword?.message }}
          inputs={{ password: register('password'), confirm: register('confirmPassword') }}
        />
        <PrimaryButton type="submit" loading={formState.isSubmitting} mt="xs">
          {studyText(r.submitLabel, lang, defaultLanguage, t('enrol.register.submit'))}
        </PrimaryButton>
        <TouchLink to={studyPath(code, PAGES.login)}>{t('enrol.register.haveAccount')}</TouchLink>
      </Stack>
    </form>
  );
}
