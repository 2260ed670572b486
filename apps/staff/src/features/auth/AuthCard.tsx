import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Centred card used by the sign-in and password pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box py={{ base: 24, sm: 56 }} px={{ base: 0, sm: 'md' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 32 }} maw={440} mx="auto" bg="white">
        <Stack gap="md">
          <div>
            <Title order={1} fz={26} fw={700} c="dark.8">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={6}>
                {subtitle}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
