import { Alert, Button, Stack } from '@mantine/core';
import { CHUNK_LOAD_TIMEOUT_MS, translate } from '@trialpath/domain';
import { Component, type ComponentType, type ReactNode, lazy } from 'react';
import { i18next } from '../i18n';

/** A route chunk that has not arrived after CHUNK_LOAD_TIMEOUT_MS counts as failed (spec 000 §8.2). */
function withTimeout<T>(p: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk load timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => withTimeout(load()));
}

/** Reports a chunk that failed to load (timeout or missing file) and offers a reload. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const lang = i18next.language;
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {translate('errors.chunkLoad', undefined, lang)}
        </Alert>
        <Button size="lg" onClick={() => window.location.reload()}>
          {i18next.t('app.retry')}
        </Button>
      </Stack>
    );
  }
}
