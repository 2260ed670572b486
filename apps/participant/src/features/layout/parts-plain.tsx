import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page heading (h1) — one per screen. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} fz="h2" mb="xs">
      {children}
    </Title>
  );
}
