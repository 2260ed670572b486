import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withChunkTimeout } from './lazy';

afterEach(() => vi.useRealTimers());

describe('chunk loading', () => {
  it('resolves a chunk that loads in time', async () => {
    await expect(withChunkTimeout(async () => 'ok', 1000)).resolves.toBe('ok');
  });
  it('reports a chunk that fails to load', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new Error('404')), 1000)).rejects.toBeInstanceOf(ChunkLoadError);
  });
  it('reports a chunk that takes longer than the timeout', async () => {
    vi.useFakeTimers();
    const p = withChunkTimeout(() => new Promise(() => {}), 120_000);
    vi.advanceTimersByTime(120_001);
    await expect(p).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
