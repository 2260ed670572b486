import { CHUNK_LOAD_TIMEOUT_MS } from '@trialpath/domain';
import { type ComponentType, lazy } from 'react';

/** A route chunk that failed to load (timeout or missing file, 000 §8.2). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Chunk load failed');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

/** Load `factory` within `timeoutMs`, or reject with ChunkLoadError. */
export function withChunkTimeout<T>(factory: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    factory().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (e) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e));
      },
    );
  });
}

/** React.lazy for a component loaded on demand, with the chunk-loading timeout. */
export function lazyComponent(load: () => Promise<ComponentType>) {
  return lazy(() => withChunkTimeout(load).then((component) => ({ default: component })));
}
