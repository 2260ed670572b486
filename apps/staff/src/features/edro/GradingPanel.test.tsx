import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { defaultStudyContent, type SpirometrySettings } from '@trialpath/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../../test-utils';
import { effortsOfRows, GradingPanel } from './GradingPanel';

const SETTINGS: SpirometrySettings = defaultStudyContent().spirometry;

/** Types one effort's values into its row (by the inputs' accessible names) and ticks it acceptable. */
function enter(n: number, fvc: string, fev1: string, pef?: string) {
  fireEvent.change(screen.getByLabelText(`FVC of effort ${n}, in litres`), { target: { value: fvc } });
  fireEvent.change(screen.getByLabelText(`FEV1 of effort ${n}, in litres`), { target: { value: fev1 } });
  if (pef !== undefined)
    fireEvent.change(screen.getByLabelText(`PEF of effort ${n}, in litres per second`), { target: { value: pef } });
  fireEvent.click(screen.getByLabelText(`Effort ${n} is acceptable`));
}

const result = (id: string) => screen.getByTestId(`result-${id}`).textContent;

// Typing into Mantine inputs is slow on a busy machine: room beyond the default 5 s.
describe('grade a session (C-019, decision 0045)', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('edro');
  });
  afterEach(cleanup);

  it('three repeatable efforts show grade A for FVC and FEV1 and the reported values', () => {
    renderApp(<GradingPanel settings={SETTINGS} />);
    expect(screen.getByTestId('grade-fvc').textContent).toContain('FVC grade: F.');
    enter(1, '4.10', '3.20', '9.1');
    enter(2, '4.02', '3.12', '9.4');
    enter(3, '3.95', '3.05', '8.8');
    expect(result('fvc')).toBe('4.10 L');
    expect(result('fev1')).toBe('3.20 L');
    expect(result('ratio')).toBe('78.0 %');
    expect(result('pef')).toBe('9.40 L/s');
    expect(result('fvc-apart')).toBe('80 mL');
    expect(result('fev1-apart')).toBe('80 mL');
    expect(result('repeatable')).toBe('Yes');
    expect(screen.getByTestId('grade-fvc').textContent).toContain(
      'FVC grade: A. 3 or more acceptable efforts, the two largest within 150 mL.',
    );
    expect(screen.getByTestId('grade-fev1').textContent).toContain('FEV1 grade: A.');
    expect(screen.getByText('No warnings.')).toBeTruthy();
  });

  it('names an effort whose FEV1 is greater than its FVC as implausible, and grades without it', () => {
    renderApp(<GradingPanel settings={SETTINGS} />);
    enter(1, '4.10', '3.20');
    enter(2, '3.00', '3.40');
    enter(3, '3.95', '3.05');
    const warnings = within(screen.getByTestId('warnings'));
    expect(
      warnings.getByText(
        'Effort 2: the FEV1 (3.4 L) is greater than the FVC (3 L), which cannot be. This effort is not used.',
      ),
    ).toBeTruthy();
    expect(result('fvc')).toBe('4.10 L');
    expect(screen.getByTestId('grade-fvc').textContent).toContain('FVC grade: B.');
  });

  it('warns of too few efforts and of a low FEV1/FVC, and takes no more efforts than the settings allow', () => {
    renderApp(<GradingPanel settings={{ ...SETTINGS, maxEfforts: 4, recordPef: false }} />);
    expect(screen.queryByLabelText('PEF of effort 1, in litres per second')).toBeNull();
    enter(1, '4.00', '2.00');
    enter(2, '3.95', '1.95');
    const warnings = within(screen.getByTestId('warnings'));
    expect(warnings.getByText('Only 2 efforts were entered: the session needs at least 3.')).toBeTruthy();
    expect(warnings.getByText('FEV1/FVC is 50 %, below 70 %: flag it for the investigator.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add an effort' });
    fireEvent.click(add);
    expect(screen.getByLabelText('FVC of effort 4, in litres')).toBeTruthy();
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove effort 4' }));
    expect(screen.queryByLabelText('FVC of effort 4, in litres')).toBeNull();
  });

  it('reads the rows: empty rows at the end are not entered, an empty volume in use is not a number', () => {
    const blank = { fvc: '', fev1: '', pef: '', acceptable: false } as const;
    const efforts = effortsOfRows([{ fvc: 4, fev1: '', pef: '', acceptable: true }, blank, { ...blank }]);
    expect(efforts).toHaveLength(1);
    expect(efforts[0]!.fvcL).toBe(4);
    expect(Number.isNaN(efforts[0]!.fev1L)).toBe(true);
    expect(effortsOfRows([blank, { fvc: 4, fev1: 3, pef: 8, acceptable: true }])).toEqual([
      { fvcL: Number.NaN, fev1L: Number.NaN, acceptable: false },
      { fvcL: 4, fev1L: 3, pefLs: 8, acceptable: true },
    ]);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      renderApp(<GradingPanel settings={SETTINGS} />);
      expect(screen.getByRole('heading', { name: 'Calificar una sesión' })).toBeTruthy();
      fireEvent.change(screen.getByLabelText('FVC del esfuerzo 1, en litros'), { target: { value: '4.10' } });
      fireEvent.change(screen.getByLabelText('FEV1 del esfuerzo 1, en litros'), { target: { value: '3.20' } });
      fireEvent.click(screen.getByLabelText('El esfuerzo 1 es aceptable'));
      expect(result('fvc')).toBe('4,10 L');
      expect(screen.getByTestId('grade-fvc').textContent).toContain('Calificación de la FVC: E. ');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
