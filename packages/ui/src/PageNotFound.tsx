import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useMessages } from './i18n';

/** The page-not-found screen; its heading is the catalogue's "Page not found". */
export function PageNotFound({ homeHref = '#/', homeLabel }: { homeHref?: string; homeLabel?: string }) {
  const { msg, label } = useMessages();
  return (
    <Stack align="center" gap="sm" py={64} px="md" ta="center">
      <Text fz={56} fw={700} c="dimmed" aria-hidden="true">
        404
      </Text>
      <Title order={1} fz="h2">
        {msg('page.notFound')}
      </Title>
      <Text c="dimmed" maw={480}>
        {label('notFoundText')}
      </Text>
      <Anchor href={homeHref}>{homeLabel ?? label('goHome')}</Anchor>
    </Stack>
  );
}
