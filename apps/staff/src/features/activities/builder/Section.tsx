import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of the question editor. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
