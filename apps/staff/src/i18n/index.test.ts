import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadFeatureTexts, registerFeatureTexts } from '.';

const texts = (t: Record<string, unknown>) => () => Promise.resolve({ default: t as never });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('feature texts load with the feature (decision 0019)', () => {
  it('loads a namespace on demand, and in the new language when the language changes', async () => {
    const es = vi.fn(texts({ g: { hello: 'Hola' } }));
    registerFeatureTexts([{ id: 'greeting', texts: { en: texts({ g: { hello: 'Hello' } }), es } }]);
    expect(i18n.hasResourceBundle('en', 'greeting')).toBe(false);
    await loadFeatureTexts('greeting');
    expect(i18n.t('g.hello', { ns: 'greeting' })).toBe('Hello');
    expect(es).not.toHaveBeenCalled();
    await i18n.changeLanguage('es');
    expect(es).toHaveBeenCalledTimes(1);
    expect(i18n.t('g.hello', { ns: 'greeting' })).toBe('Hola');
    // The shell's texts are there for a feature's screens too.
    expect(i18n.t('app.loading', { ns: 'greeting' })).toBe('Cargando');
  });

  it('carries on in English when the shown language’s texts fail to load (C-173)', async () => {
    const failed = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    registerFeatureTexts([{ id: 'halfway', texts: { en: texts({ g: { bye: 'Goodbye' } }), es: failed } }]);
    await i18n.changeLanguage('es');
    await expect(loadFeatureTexts('halfway')).resolves.toBeUndefined();
    expect(i18n.t('g.bye', { ns: 'halfway' })).toBe('Goodbye');
  });

  it('rejects when no language’s texts arrived, so the screen shows the route error instead of raw keys', async () => {
    const failed = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    registerFeatureTexts([{ id: 'broken', texts: { en: failed, es: failed } }]);
    await expect(loadFeatureTexts('broken')).rejects.toThrow('Texts of broken not loaded');
  });
});
