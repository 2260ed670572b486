import { Text } from '@mantine/core';
import { uiLabel, useLanguage } from './i18n';

export function copyrightText(lang: string, year: number = new Date().getFullYear()): string {
  return uiLabel('copyright', lang, { year });
}

/** Copyright footer in the current language (English and Spanish, 002 §2). */
export function CopyrightFooter({ year }: { year?: number }) {
  const lang = useLanguage();
  return (
    <Text component="p" size="xs" c="dimmed" ta="center" m={0}>
      {copyrightText(lang, year)}
    </Text>
  );
}
