import { Stack, Text, Title } from '@mantine/core';
import type { LegalDoc } from '@trialpath/domain';
import type { ReactNode } from 'react';
/** A legal page's text (privacy policy, terms of use): title, date, introduction, sections; `footer` links on. */
export function LegalDocument({ doc, footer }: { doc: LegalDoc; footer?: ReactNode }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={26}>
          {doc.title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {doc.updated}
        </Text>
      </div>
      <Text>{doc.intro}</Text>
      {doc.sections.map((s) => (
        <section key={s.heading}>
          <Title order={2} fz="lg" mb={4}>
            {s.heading}
          </Title>
          <Text>{s.body}</Text>
        </section>
      ))}
      {footer}
    </Stack>
  );
}
