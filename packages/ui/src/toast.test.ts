import { describe, expect, it } from 'vitest';
import { createToaster, type ToastSink } from './toast';

function fakeSink() {
  const shown: Parameters<ToastSink['show']>[0][] = [];
  const sink: ToastSink = { show: (t) => shown.push(t) };
  return { sink, shown };
}

describe('toaster', () => {
  it('shows a message once while it is on screen', () => {
    const { sink, shown } = fakeSink();
    const t = createToaster(sink);
    const a = t.notify('Sorry! No internet connection.', { kind: 'warning' });
    const b = t.notify('Sorry! No internet connection.');
    expect(shown).toHaveLength(1);
    expect(a).toBe(b);
    expect(shown[0]).toMatchObject({ kind: 'warning', autoClose: 2000 });
  });

  it('shows it again after the first one closed', () => {
    const { sink, shown } = fakeSink();
    const t = createToaster(sink);
    t.notify('Saved');
    shown[0]!.onClose();
    t.notify('Saved');
    expect(shown).toHaveLength(2);
  });

  it('shows different messages side by side and ignores empty ones', () => {
    const { sink, shown } = fakeSink();
    const t = createToaster(sink);
    t.notify('One');
    t.notify('Two');
    expect(t.notify('  ')).toBeNull();
    expect(t.notify(undefined)).toBeNull();
    expect(shown.map((s) => s.message)).toEqual(['One', 'Two']);
    expect(t.activeMessages()).toEqual(['One', 'Two']);
  });

  it('treats messages differing only by surrounding space as the same', () => {
    const { sink, shown } = fakeSink();
    const t = createToaster(sink);
    t.notify('Hello ');
    t.notify(' Hello');
    expect(shown).toHaveLength(1);
  });
});
