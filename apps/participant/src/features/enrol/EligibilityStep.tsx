import { Stack, Text } from '@mantine/core';
import { ApiRequestError, screenEligibility } from '@trialpath/contract';
import { type CSSProperties, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../shared/errors';
import { useLang } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, PrimaryButton } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { type Answers, type EnrolmentFacts, screeningAnswers, unansweredQuestions } from './enrol-logic';
import { RichText, studyText } from './RichText';

/**
 * The study's eligibility questions (D-097), each answered Yes or No with large native radio buttons. The
 * server decides against the version's rules: eligible → a screening id for the registration, else the
 * study's ineligible message.
 */
export function EligibilityStep({
  facts,
  onEligible,
  onIneligible,
  onVersionChanged,
}: {
  facts: EnrolmentFacts;
  onEligible: (screeningId: string) => void;
  onIneligible: (message: Record<string, string>) => void;
  onVersionChanged: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { color } = useStudy();
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState<readonly string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { defaultLanguage } = facts;
  const e = facts.eligibility;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setError(null);
    setFieldErrors({});
    const open = unansweredQuestions(facts, answers);
    setMissing(open);
    if (open.length > 0) {
      setError(t('enrol.eligibility.answerAll'));
      document.getElementById(`q-${open[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await api.call(screenEligibility, {
        params: { studyCode: facts.studyCode },
        body: { studyVersionId: facts.studyVersionId ?? '', answers: screeningAnswers(facts, answers) },
      });
      if (r.eligible && r.screeningId) onEligible(r.screeningId);
      else onIneligible(r.ineligibleMessage);
    } catch (err) {
      if (err instanceof ApiRequestError && err.body?.messageKey === 'enrolment.versionChanged') onVersionChanged();
      const perQuestion: Record<string, string> = {};
      if (err instanceof ApiRequestError && err.body?.fieldErrors)
        for (const [path, texts] of Object.entries(err.body.fieldErrors))
          if (path.startsWith('answers.') && texts[0]) perQuestion[path.slice('answers.'.length)] = texts[0];
      setFieldErrors(perQuestion);
      setError(failureText(err, lang, 'data.syncFailed', navigator.onLine));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate style={{ '--tp-accent': color } as CSSProperties}>
      <Stack gap="lg">
        <div>
          <PageTitle>{studyText(e.heading, lang, defaultLanguage, t('enrol.eligibility.title'))}</PageTitle>
          {pickIntro(e.introduction, lang, defaultLanguage) ? (
            <RichText text={e.introduction} lang={lang} defaultLanguage={defaultLanguage} />
          ) : (
            <Text c="dimmed">{t('enrol.eligibility.intro')}</Text>
          )}
        </div>
        <ErrorAlert>{error}</ErrorAlert>
        {e.questions.map((q) => {
          const problem = fieldErrors[q.id] ?? (missing.includes(q.id) ? t('enrol.eligibility.answerAll') : null);
          const errorId = `q-${q.id}-error`;
          return (
            <fieldset
              key={q.id}
              id={`q-${q.id}`}
              tabIndex={-1}
              className="tp-fieldset"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
            >
              <legend className="tp-label">{studyText(q.text, lang, defaultLanguage, q.id)}</legend>
              <div className="tp-choices">
                {(['YES', 'NO'] as const).map((value) => (
                  <label key={value} className="tp-choice">
                    <input
                      type="radio"
                      name={`q-${q.id}`}
                      value={value}
                      checked={answers[q.id] === value}
                      onChange={() => {
                        setAnswers((a) => ({ ...a, [q.id]: value }));
                        setMissing((m) => m.filter((id) => id !== q.id));
                      }}
                    />
                    <span>{value === 'YES' ? t('enrol.eligibility.yes') : t('enrol.eligibility.no')}</span>
                  </label>
                ))}
              </div>
              {problem && (
                <Text id={errorId} c="red.8" size="sm" mt={4}>
                  {problem}
                </Text>
              )}
            </fieldset>
          );
        })}
        <PrimaryButton type="submit" loading={busy}>
          {t('enrol.eligibility.submit')}
        </PrimaryButton>
      </Stack>
    </form>
  );
}

function pickIntro(text: Record<string, string>, lang: string, defaultLanguage: string): boolean {
  return studyText(text, lang, defaultLanguage, '') !== '';
}
