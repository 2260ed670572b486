/**
 * The preview (C-018, C-031): a revision run as a participant would answer it, in one of its languages —
 * the shared ActivityRunner in preview mode, every rule the domain's (branching, checks, scores); nothing
 * is saved.
 */
import { Alert, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ActivityDetail } from '@trialpath/contract';
import { ActivityRunner } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { languagesOf } from './builder/BuilderForm';
import { useRevisionChoice } from './ReviewTab';
import { useLanguageName } from './ui';

const zone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
};

export function PreviewTab({ activity }: { activity: ActivityDetail }) {
  const { t, i18n } = useTranslation('activities');
  const languageName = useLanguageName();
  const { picker, revision } = useRevisionChoice(activity);
  const definition = revision.data?.definition;
  const languages = languagesOf(definition?.title);
  const [chosen, setChosen] = useState<string | null>(null);
  const language =
    chosen && languages.includes(chosen) ? chosen : languages.includes(i18n.language) ? i18n.language : 'en';
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          {picker}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="preview-language">
              {t('preview.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="preview-language"
              value={language}
              onChange={setChosen}
              data={languages.map((l) => ({ value: l, label: languageName(l) }))}
            />
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {t('preview.intro')}
        </Text>
      </Paper>
      {revision.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(revision.error, t('common.loadError'))}
        </Alert>
      )}
      {revision.data && definition && (
        <Paper withBorder radius="md" p="lg" maw={720} w="100%" mx="auto" lang={language} data-testid="preview-runner">
          <ActivityRunner
            key={`${revision.data.id}-${revision.data.lockVersion}-${language}`}
            activity={definition}
            language={language}
            mode="preview"
            ruleContext={{ now: Date.now(), timeZone: zone() }}
          />
        </Paper>
      )}
    </Stack>
  );
}
