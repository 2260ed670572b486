import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Activity, type ActivityInput, parseActivity, type QuestionInput } from '@trialpath/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test-utils';
import { ActivityRunner, type ActivityRunnerProps } from './ActivityRunner';

afterEach(cleanup);

const t = (en: string, es: string) => ({ en, es });

function activity(questions: QuestionInput[], more: Partial<ActivityInput> = {}): Activity {
  return parseActivity({
    id: 'a',
    activityId: 'A-1',
    identifier: 'diary',
    revisionId: '1',
    type: 'epro',
    title: t('Daily diary', 'Diario'),
    questions,
    ...more,
  });
}

function run(a: Activity, props: Partial<ActivityRunnerProps> = {}) {
  const onSubmit = vi.fn();
  renderWithMantine(<ActivityRunner activity={a} language="en" onSubmit={onSubmit} {...props} />);
  return { onSubmit };
}

const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const shown = (text: string | RegExp) => screen.queryByText(text) !== null;

const SMOKER: QuestionInput = {
  id: 'q1',
  identifier: 'smoker',
  type: 'Boolean',
  body: t('Do you smoke?', '¿Fuma?'),
  branching: { rules: [{ operator: 'eq', value: 'true', skipTo: 'notes' }] },
};
const PER_DAY: QuestionInput = {
  id: 'q2',
  identifier: 'perDay',
  type: 'Integer',
  body: t('How many per day?', '¿Cuántos al día?'),
  optional: true,
};
const NOTES: QuestionInput = {
  id: 'q3',
  identifier: 'notes',
  type: 'Text',
  body: t('Anything else?', '¿Algo más?'),
  optional: true,
};

describe('ActivityRunner', () => {
  it("a required question blocks the way on with the domain's message", () => {
    run(activity([SMOKER, NOTES]));
    expect(shown('Question 1 of 2')).toBe(true);
    press('Start');
    expect(shown('Please select an answer')).toBe(true);
    expect(shown('Do you smoke?')).toBe(true);
    expect(shown('Anything else?')).toBe(false);
    // answering clears the message and lets the participant on
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(shown('Please select an answer')).toBe(false);
    press('Start');
    expect(shown('Anything else?')).toBe(true);
  });

  it('branching: Yes skips question 2, No shows it; a skipped answer is not submitted', async () => {
    const { onSubmit } = run(activity([SMOKER, PER_DAY, NOTES]));
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    press('Start');
    expect(shown('How many per day?')).toBe(true);
    expect(shown('Question 2 of 3')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /How many per day\?/ }), { target: { value: '5' } });
    press('Back');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    press('Start');
    expect(shown('How many per day?')).toBe(false);
    expect(shown('Anything else?')).toBe(true);
    expect(shown('Question 2 of 2')).toBe(true);
    press('Submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ smoker: { optionId: 'true' } });
  });

  it('a hard data edit check blocks; a soft one warns and can be confirmed', () => {
    const weight: QuestionInput = {
      id: 'w',
      identifier: 'weight',
      type: 'Number',
      body: t('Weight (kg)', 'Peso (kg)'),
      dataEditChecks: [
        { id: 'hard', check: 'HARD', type: 'GREATER_THAN', value: 0 },
        { id: 'soft', check: 'SOFT', type: 'LESS_THAN', value: 250 },
      ],
    };
    run(activity([weight, NOTES], { allowDataEditChecks: true }));
    const input = screen.getByRole('textbox', { name: /Weight/ });
    fireEvent.change(input, { target: { value: '0' } });
    press('Start');
    expect(shown('Please enter a response greater than 0.')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Continue anyway' })).toBeNull();
    expect(shown('Anything else?')).toBe(false);

    fireEvent.change(input, { target: { value: '300' } });
    press('Start');
    expect(shown('Please enter a response greater than 0.')).toBe(false);
    expect(shown('Your response is greater than the expected range 250. Please review your response.')).toBe(true);
    expect(shown('Anything else?')).toBe(false);
    press('Continue anyway');
    expect(shown('Anything else?')).toBe(true);
  });

  it('Spanish: texts of the activity, the buttons and the messages', () => {
    run(activity([SMOKER, NOTES]), { language: 'es' });
    expect(screen.getByRole('heading', { name: 'Diario' })).toBeTruthy();
    expect(shown('Pregunta 1 de 2')).toBe(true);
    press('Comenzar');
    expect(shown('Seleccione una respuesta')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Sí' }));
    press('Comenzar');
    expect(shown('¿Algo más?')).toBe(true);
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it("ends with a summary of the domain's scores, after onSubmit", async () => {
    const pain: QuestionInput = {
      id: 'p',
      identifier: 'pain',
      type: 'NumberScale',
      body: t('Pain today', 'Dolor hoy'),
      constraints: { min: 0, max: 10 },
    };
    const a = activity([pain], {
      canScoreResponses: true,
      scoringVariables: [{ id: 'v', name: 'double', label: t('Pain doubled', 'Dolor doble'), expression: 'pain * 2' }],
    });
    const { onSubmit } = run(a);
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    press('Submit');
    await waitFor(() => expect(shown('Summary')).toBe(true));
    expect(onSubmit).toHaveBeenCalledWith({ pain: { answer: '4' } }, expect.objectContaining({ total: 4 }));
    const scores = screen.getByRole('table', { name: 'Scores' });
    expect(within(scores).getByRole('rowheader', { name: 'Pain doubled' }).nextElementSibling?.textContent).toBe('8');
    expect(within(scores).getByRole('rowheader', { name: 'Total score' }).nextElementSibling?.textContent).toBe('4');
  });

  it('a failed submission keeps the last page and says so', async () => {
    run(activity([NOTES]), { onSubmit: () => Promise.reject(new Error('offline')) });
    press('Submit');
    await waitFor(() => expect(shown(/could not be submitted/)).toBe(true));
    expect(shown('Anything else?')).toBe(true);
  });

  it('preview: a banner, and the types participants never see as notes', () => {
    const video: QuestionInput = { id: 'v', identifier: 'video', type: 'VideoRecording', body: t('Record', 'Grabe') };
    const a = activity([SMOKER, video, NOTES]);
    run(a, { mode: 'preview' });
    expect(shown('Preview — answers are not saved')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    press('Start');
    expect(shown(/Record .*not shown to participants/)).toBe(true);
    cleanup();
    run(a);
    expect(shown('Preview — answers are not saved')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    press('Start');
    expect(shown(/Record/)).toBe(false);
  });

  it('questions of one step share a page', () => {
    const a = activity([
      { ...SMOKER, step: 1, branching: undefined },
      { ...PER_DAY, step: 1 },
      { ...NOTES, step: 2 },
    ]);
    run(a);
    expect(shown('Page 1 of 2')).toBe(true);
    expect(shown('Do you smoke?')).toBe(true);
    expect(shown('How many per day?')).toBe(true);
    expect(shown('Anything else?')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    press('Start');
    expect(shown('Page 2 of 2')).toBe(true);
    expect(shown('Anything else?')).toBe(true);
  });
});
