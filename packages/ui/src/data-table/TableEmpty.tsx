import { Text, Title } from '@mantine/core';

/** What a DataTable shows with no rows: what is empty, and what to do about it. */
export function TableEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <>
      <Title order={2} fz="lg" mb={6}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {hint}
      </Text>
    </>
  );
}
