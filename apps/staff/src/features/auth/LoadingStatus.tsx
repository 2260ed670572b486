import { Center, Loader, Stack, Text } from '@mantine/core';

/** A whole-page wait that says in words what is going on. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <Center py={80} role="status">
      <Stack align="center" gap="xs">
        <Loader aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
