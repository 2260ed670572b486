/** A text in each of the activity's languages, one tab per language; a language not yet written is marked. */
import { Badge, Group, Tabs, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguageName } from '../ui';
import { TextField, useIssue, useLanguages } from './fields';

export function TextsByLanguage(props: { name: string; label: string; multiline?: boolean; description?: string }) {
  const { t } = useTranslation('activities');
  const languages = useLanguages();
  const languageName = useLanguageName();
  const value = (useWatch({ name: props.name }) ?? {}) as Record<string, string | undefined>;
  const error = useIssue(props.name);
  return (
    <Tabs defaultValue={languages[0]} variant="outline" keepMounted>
      <Tabs.List>
        {languages.map((l) => (
          <Tabs.Tab key={l} value={l}>
            <Group gap={6} wrap="nowrap">
              {languageName(l)}
              {!value[l]?.trim() && (
                <Badge size="xs" variant="outline" color="gray.8" tt="none">
                  {t('builder.missing')}
                </Badge>
              )}
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {languages.map((l) => (
        <Tabs.Panel key={l} value={l} pt="xs">
          <TextField
            name={`${props.name}.${l}`}
            label={`${props.label} (${languageName(l)})`}
            description={props.description}
            multiline={props.multiline}
          />
        </Tabs.Panel>
      ))}
      {error && (
        <Text size="sm" c="red.8" mt={4}>
          {error}
        </Text>
      )}
    </Tabs>
  );
}

/** Short texts (options, labels): one field per language side by side. */
export function InlineTexts(props: { name: string; label: string }) {
  const languages = useLanguages();
  const languageName = useLanguageName();
  return (
    <>
      {languages.map((l) => (
        <TextField key={l} name={`${props.name}.${l}`} label={`${props.label} (${languageName(l)})`} w={200} />
      ))}
    </>
  );
}
