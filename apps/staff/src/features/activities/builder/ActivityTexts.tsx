/** The activity's title and description per language (C-031), and the languages its texts are written in. */
import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageName } from '../ui';
import { useLanguages } from './fields';
import { Section } from './Section';
import { TextsByLanguage } from './TextsByLanguage';

/** Languages offered for a new one (any other arrives with an imported activity). */
const MORE_LANGUAGES = ['de', 'fr', 'it', 'pt', 'nl', 'pl', 'sv', 'da', 'fi', 'ja', 'zh', 'ko', 'ar', 'he', 'ru', 'tr'];

export function ActivityTexts({ onAddLanguage }: { onAddLanguage: (language: string) => void }) {
  const { t } = useTranslation('activities');
  const languages = useLanguages();
  const languageName = useLanguageName();
  const [adding, setAdding] = useState<string | null>(null);
  const more = MORE_LANGUAGES.filter((l) => !languages.includes(l)).map((l) => ({ value: l, label: languageName(l) }));
  return (
    <Section title={t('builder.texts')}>
      <TextsByLanguage name="title" label={t('builder.activityTitle')} />
      <TextsByLanguage name="description" label={t('builder.description')} multiline />
      <Group align="flex-end" gap="xs">
        <Select
          label={t('builder.addLanguage')}
          placeholder={t('builder.pickLanguage')}
          data={more}
          value={adding}
          onChange={setAdding}
          searchable
          w={240}
        />
        <Button
          variant="default"
          disabled={!adding}
          onClick={() => {
            if (adding) onAddLanguage(adding);
            setAdding(null);
          }}
        >
          {t('builder.addLanguageButton')}
        </Button>
      </Group>
    </Section>
  );
}
