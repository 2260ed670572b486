import { Alert } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A failure the form reports (read out by screen readers); nothing when there is none. Scrolled into
 * view when it appears or changes, so on a phone it is not left above the part of the form in view.
 */
export function ErrorAlert({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (children) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [children]);
  if (!children) return null;
  return (
    <Alert ref={ref} color="red" variant="light" role="alert">
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
