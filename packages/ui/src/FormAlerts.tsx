import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A failure the form reports (read out by screen readers); nothing when there is none. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}

/** What a form achieved (announced politely). */
export function SuccessAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="teal" variant="light" role="status">
      {children}
    </Alert>
  );
}
