import { Group, Radio, Stack, Text } from '@mantine/core';
import { chooseMyCohort } from '@trialpath/contract';
import { studyTextIn } from '@trialpath/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queries } from '../../shared/data';
import { useLang } from '../../shared/hooks';
import { ErrorAlert, PageTitle, PrimaryButton } from '../layout/parts';
import { callFailureText, type MyConsents } from './data';
import './texts';

/**
 * The cohort choice (D-035): the study has cohorts and the participant has none yet. Each cohort is a
 * radio card with its name and description; Continue saves the choice (chooseMyCohort) and the page reads
 * the consents of that cohort.
 */
export function CohortChoice({
  cohorts,
  defaultLanguage,
  onChosen,
}: {
  cohorts: MyConsents['cohorts'];
  defaultLanguage: string;
  onChosen: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const submit = async () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await queries.mutate(chooseMyCohort, { body: { cohortId: chosen } });
      await onChosen();
    } catch (e) {
      setError(callFailureText(e, lang, t('consent.cohort.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      <Stack gap="md">
        <div ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          <PageTitle>{t('consent.cohort.title')}</PageTitle>
        </div>
        <Text>{t('consent.cohort.intro')}</Text>
        <Radio.Group
          label={t('consent.cohort.label')}
          value={chosen ?? ''}
          onChange={(v) => {
            setChosen(v);
            setMissing(false);
          }}
          error={missing ? t('consent.cohort.required') : undefined}
        >
          <Stack gap="sm" mt="xs">
            {cohorts.map((c) => {
              const description = studyTextIn(c.description, lang, defaultLanguage);
              return (
                <Radio.Card key={c.id} value={c.id} radius="md" p="md" data-testid={`cohort-${c.id}`}>
                  <Group wrap="nowrap" align="flex-start" gap="md">
                    <Radio.Indicator />
                    <div>
                      <Text fw={700}>{studyTextIn(c.name, lang, defaultLanguage) || c.id}</Text>
                      {description && (
                        <Text size="sm" c="dimmed">
                          {description}
                        </Text>
                      )}
                    </div>
                  </Group>
                </Radio.Card>
              );
            })}
          </Stack>
        </Radio.Group>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <PrimaryButton type="submit" loading={busy}>
          {t('consent.cohort.continue')}
        </PrimaryButton>
      </Stack>
    </form>
  );
}
