import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { CopyrightFooter, copyrightText } from './CopyrightFooter';
import { renderWithMantine } from './test-utils';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('copyright footer (002 §2)', () => {
  it('is in English (A-214)', async () => {
    await i18next.changeLanguage('en');
    renderWithMantine(<CopyrightFooter year={2026} />);
    expect(screen.getByText('© 2026 Trialpath. All rights reserved.')).toBeTruthy();
  });

  it('is in Spanish (A-215)', async () => {
    await i18next.changeLanguage('es');
    renderWithMantine(<CopyrightFooter year={2026} />);
    expect(screen.getByText('© 2026 Trialpath. Todos los derechos reservados.')).toBeTruthy();
  });

  it('uses the current year by default', () => {
    expect(copyrightText('en')).toBe(`© ${new Date().getFullYear()} Trialpath. All rights reserved.`);
    expect(copyrightText('es-MX', 2030)).toBe('© 2030 Trialpath. Todos los derechos reservados.');
  });
});
