// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';

// OfflineNotifier (packages/ui) imports `notify` from its own toast module: that module is replaced.
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../../packages/ui/src/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../packages/ui/src/toast')>()),
  notify,
}));
const { LanguageEffects } = await import('./App');

// The spec texts (000 §8.2), written out here so a changed catalogue entry or swapped props fail.
const OFFLINE = 'No internet connection detected. Please try again after a connection is established.';
const ONLINE = 'Glad to see you back. Please continue with your activities.';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => notify.mockClear());
afterEach(() => cleanup());

describe('connectivity toasts in the participant portal (A-200, A-202)', () => {
  it('toasts the participant offline text on the offline event and the welcome-back text on the online event', () => {
    render(<LanguageEffects />);
    expect(notify).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('offline'));
    expect(notify.mock.calls).toEqual([[OFFLINE, { kind: 'warning' }]]);

    window.dispatchEvent(new Event('online'));
    expect(notify.mock.calls).toEqual([
      [OFFLINE, { kind: 'warning' }],
      [ONLINE, { kind: 'success' }],
    ]);
  });

  it('stops listening once unmounted', () => {
    const { unmount } = render(<LanguageEffects />);
    unmount();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(notify).not.toHaveBeenCalled();
  });
});
