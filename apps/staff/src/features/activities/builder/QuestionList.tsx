/** The questions in order (C-031): pick one to edit; move up or down, duplicate, remove (with a confirmation). */
import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { localize } from '@trialpath/domain';
import { uiLabel, useLanguage } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionDraft } from './draft-values';
import { questionIssues } from './draft-values';
import { useIssues } from './fields';
import { WARNING_BADGE_COLOR } from '../../../shared/colors';
import { CopyIcon, DownIcon, RemoveIcon, UpIcon } from './icons';

export interface QuestionListProps {
  questions: readonly QuestionDraft[];
  keys: readonly string[];
  selected: number;
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (index: number) => void;
  onRemove: (index: number) => void;
}

export function QuestionList(props: QuestionListProps) {
  const { t, i18n } = useTranslation('activities');
  const lang = useLanguage();
  const issues = useIssues();
  const [removing, setRemoving] = useState<number | null>(null);
  const { questions } = props;
  const pointing = (identifier: string) =>
    questions.filter((q) => q.branching?.rules?.some((r) => r.skipTo === identifier)).map((q) => q.identifier);
  const doomed = removing === null ? undefined : questions[removing];
  return (
    <>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('builder.questionList')}>
        {questions.map((q, i) => {
          const problems = questionIssues(issues, i).length;
          const current = i === props.selected;
          const rules = q.branching?.rules?.length ?? 0;
          return (
            <Paper
              component="li"
              key={props.keys[i]}
              withBorder
              radius="md"
              p="xs"
              bg={current ? 'cyan.0' : undefined}
              style={{ borderColor: current ? 'var(--mantine-color-cyan-8)' : undefined }}
              data-testid={`question-item-${i + 1}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <UnstyledButton
                  onClick={() => props.onSelect(i)}
                  aria-current={current ? 'true' : undefined}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Text size="sm" fw={600}>
                    {i + 1}. {q.identifier} · {t(`types.${q.type}`)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {localize(q.body, i18n.language) || t('builder.noText')}
                  </Text>
                  <Group gap={4} mt={2}>
                    {rules > 0 && (
                      <Badge size="xs" variant="outline" color="indigo.9" tt="none">
                        {t('builder.rules', { count: rules })}
                      </Badge>
                    )}
                    {problems > 0 && (
                      <Badge size="xs" color="red.9" tt="none">
                        {t('builder.problems', { count: problems })}
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="dark"
                    disabled={i === 0}
                    onClick={() => props.onMove(i, i - 1)}
                    aria-label={t('builder.moveUp', { identifier: q.identifier })}
                  >
                    <UpIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="dark"
                    disabled={i === questions.length - 1}
                    onClick={() => props.onMove(i, i + 1)}
                    aria-label={t('builder.moveDown', { identifier: q.identifier })}
                  >
                    <DownIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="dark"
                    onClick={() => props.onDuplicate(i)}
                    aria-label={t('builder.duplicate', { identifier: q.identifier })}
                  >
                    <CopyIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    onClick={() => setRemoving(i)}
                    aria-label={t('builder.remove', { identifier: q.identifier })}
                  >
                    <RemoveIcon />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Modal
        opened={doomed !== undefined}
        onClose={() => setRemoving(null)}
        title={t('builder.removeTitle', { identifier: doomed?.identifier ?? '' })}
        centered
        closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('builder.removeText')}</Text>
          {doomed && pointing(doomed.identifier).length > 0 && (
            <Text size="sm" c={WARNING_BADGE_COLOR}>
              {t('builder.removePointed', { questions: pointing(doomed.identifier).join(', ') })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (removing !== null) props.onRemove(removing);
                setRemoving(null);
              }}
            >
              {t('builder.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
