import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import {
  type Answer,
  type Question,
  type QuestionInput,
  type RuleMessage,
  parseActivity,
  validateQuestion,
} from '@trialpath/domain';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test-utils';
import { QuestionField } from './QuestionField';

afterEach(cleanup);

const t = (en: string, es: string) => ({ en, es });

/** One question of the given input, parsed by the domain (defaults filled) as an activity's would be. */
function question(input: QuestionInput): Question {
  const activity = parseActivity({
    id: 'a',
    activityId: 'A-1',
    identifier: 'test',
    revisionId: '1',
    type: 'survey',
    title: t('Test', 'Prueba'),
    questions: [input],
  });
  return activity.questions[0] as Question;
}

/** The field with its answer kept in state, as a portal would; every answer reported is recorded. */
function renderField(q: Question, opts: { language?: string; value?: Answer; showSkipped?: boolean } = {}) {
  const reported: (Answer | undefined)[] = [];
  function Harness() {
    const [value, setValue] = useState<Answer | undefined>(opts.value);
    return (
      <QuestionField
        question={q}
        value={value}
        onChange={(a) => {
          reported.push(a);
          setValue(a);
        }}
        language={opts.language ?? 'en'}
        showSkipped={opts.showSkipped}
      />
    );
  }
  renderWithMantine(<Harness />);
  return { last: () => reported[reported.length - 1], reported };
}

/** The domain accepts the reported answer as it is. */
function expectValid(q: Question, a: Answer | undefined) {
  const r = validateQuestion(q, a, { now: '2024-06-15T12:00:00Z', timeZone: 'UTC' });
  expect(r.errors).toEqual([]);
  expect(r.status).toBe('Completed');
}

/** Pick an option of a Mantine Select (opened by a click on its input). */
function choose(select: HTMLElement, option: string) {
  fireEvent.click(select);
  fireEvent.click(screen.getByRole('option', { name: option }));
}

const MOOD: QuestionInput = {
  id: 'q1',
  identifier: 'mood',
  type: 'MultiChoice',
  body: t('How do you feel?', '¿Cómo se siente?'),
  constraints: { subType: 'single' },
  options: [
    { id: 'good', body: t('Good', 'Bien'), score: 0 },
    { id: 'bad', body: t('Bad', 'Mal'), score: 2 },
  ],
  otherOptionId: 'mood-other',
  otherOptionBody: t('Other', 'Otro'),
  otherOptionContentField: true,
};

describe('QuestionField: choices', () => {
  it('MultiChoice single: radios under the question, reports optionId', () => {
    const q = question(MOOD);
    const f = renderField(q);
    const group = screen.getByRole('radiogroup', { name: /How do you feel\?/ });
    fireEvent.click(within(group).getByRole('radio', { name: 'Bad' }));
    expect(f.last()).toEqual({ optionId: 'bad' });
    expectValid(q, f.last());
  });

  it('MultiChoice single: the other option opens its text field, reported as otherText', () => {
    const q = question(MOOD);
    const f = renderField(q);
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(f.last()).toEqual({ optionId: 'mood-other' });
    // the domain wants the text of this other option
    expect(validateQuestion(q, f.last()).errors.map((e) => e.field)).toEqual(['otherText']);
    fireEvent.change(screen.getByRole('textbox', { name: /Other: Please specify/ }), { target: { value: 'Tired' } });
    expect(f.last()).toEqual({ optionId: 'mood-other', otherText: 'Tired' });
    expectValid(q, f.last());
    // choosing another option drops the text (it would travel as the answer's text)
    fireEvent.click(screen.getByRole('radio', { name: 'Good' }));
    expect(f.last()).toEqual({ optionId: 'good' });
  });

  it('MultiChoice multi: checkboxes, reports optionsIds (and none when all are unticked)', () => {
    const q = question({
      id: 'q2',
      identifier: 'symptoms',
      type: 'MultiChoice',
      body: t('Symptoms', 'Síntomas'),
      constraints: { subType: 'multi' },
      options: [
        { id: 'cough', body: t('Cough', 'Tos') },
        { id: 'fever', body: t('Fever', 'Fiebre') },
      ],
    });
    const f = renderField(q);
    const group = screen.getByRole('group', { name: /Symptoms/ });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Cough' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Fever' }));
    expect(f.last()).toEqual({ optionsIds: ['cough', 'fever'] });
    expectValid(q, f.last());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cough' }));
    expect(f.last()).toEqual({ optionsIds: ['fever'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fever' }));
    expect(f.last()).toBeUndefined();
  });

  it("Boolean: the domain's Yes/No options as two radios, reports optionId", () => {
    const q = question({ id: 'q3', identifier: 'smoker', type: 'Boolean', body: t('Do you smoke?', '¿Fuma?') });
    const f = renderField(q);
    const group = screen.getByRole('radiogroup', { name: /Do you smoke\?/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(within(group).getByRole('radio', { name: 'No' }));
    expect(f.last()).toEqual({ optionId: 'false' });
    expectValid(q, f.last());
  });

  it('DropDown: a select named by the question, reports optionId', () => {
    const q = question({
      id: 'q5',
      identifier: 'country',
      type: 'DropDown',
      body: t('Country', 'País'),
      options: [
        { id: 'us', body: t('United States', 'Estados Unidos') },
        { id: 'es', body: t('Spain', 'España') },
      ],
    });
    const f = renderField(q);
    choose(screen.getByRole('combobox', { name: 'Country' }), 'Spain');
    expect(f.last()).toEqual({ optionId: 'es' });
    expectValid(q, f.last());
  });

  it('CustomScale and ImageChoice report option ids too', () => {
    const scale = question({
      id: 'q4',
      identifier: 'severity',
      type: 'CustomScale',
      body: t('Severity', 'Gravedad'),
      options: [
        { id: 'mild', body: t('Mild', 'Leve') },
        { id: 'severe', body: t('Severe', 'Grave') },
      ],
    });
    const f = renderField(scale);
    fireEvent.click(screen.getByRole('radio', { name: 'Severe' }));
    expect(f.last()).toEqual({ optionId: 'severe' });
    const images = question({
      id: 'q6',
      identifier: 'skin',
      type: 'ImageChoice',
      body: t('Which picture matches?', '¿Qué imagen coincide?'),
      constraints: { allowMultiple: true },
      options: [
        { id: 'img-a', body: t('Red', 'Rojo'), imageUrl: 'https://example.org/a.png' },
        { id: 'img-b', body: t('Pale', 'Pálido'), imageUrl: 'https://example.org/b.png' },
      ],
    });
    const g = renderField(images);
    const group = screen.getByRole('group', { name: /Which picture matches\?/ });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Pale' }));
    expect(g.last()).toEqual({ optionsIds: ['img-b'] });
    expectValid(images, g.last());
  });
});

describe('QuestionField: scales', () => {
  it('NumberScale: a radio per value of the scale with its label, reports answer', () => {
    const q = question({
      id: 'q7',
      identifier: 'pain',
      type: 'NumberScale',
      body: t('Pain today', 'Dolor hoy'),
      constraints: { min: 0, max: 10, step: 1 },
      labels: [
        { value: 0, text: t('No pain', 'Sin dolor') },
        { value: 10, text: t('Worst pain', 'Peor dolor') },
      ],
    });
    const f = renderField(q);
    const group = screen.getByRole('radiogroup', { name: /Pain today/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(11);
    expect(within(group).getByText('Worst pain')).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: '4' }));
    expect(f.last()).toEqual({ answer: '4' });
    expectValid(q, f.last());
  });

  it('VAS: a slider named by the question with its min and max labels, unanswered until moved', () => {
    const q = question({
      id: 'q8',
      identifier: 'vas',
      type: 'VAS',
      body: t('Overall health', 'Salud general'),
      constraints: { min: 0, max: 100 },
      labels: [
        { value: 0, text: t('Worst', 'Peor') },
        { value: 100, text: t('Best', 'Mejor') },
      ],
    });
    const f = renderField(q);
    const slider = screen.getByRole('slider', { name: 'Overall health' });
    expect(screen.getByText('Worst')).toBeTruthy();
    expect(screen.getByText('Best')).toBeTruthy();
    expect(screen.getByText('No answer yet')).toBeTruthy();
    fireEvent.keyDown(slider, { key: 'ArrowRight', code: 'ArrowRight', nativeEvent: { code: 'ArrowRight' } });
    expect(f.last()).toEqual({ answer: '1' });
    expectValid(q, f.last());
    expect(screen.getByText('Your answer: 1')).toBeTruthy();
  });

  it('WongBaker: the six faces as radios, reports answer', () => {
    const q = question({ id: 'q9', identifier: 'wong', type: 'WongBaker', body: t('Choose a face', 'Elija una cara') });
    const f = renderField(q);
    const group = screen.getByRole('radiogroup', { name: /Choose a face/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['0', '2', '4', '6', '8', '10']);
    fireEvent.click(within(group).getByRole('radio', { name: '6' }));
    expect(f.last()).toEqual({ answer: '6' });
    expectValid(q, f.last());
  });
});

describe('QuestionField: dates and times', () => {
  it("Date: a text input in the question's format, reports date as typed", () => {
    const q = question({
      id: 'q10',
      identifier: 'visitDate',
      type: 'Date',
      body: t('Visit date', 'Fecha de visita'),
      constraints: { format: 'dd/mm/yyyy', range: { kind: 'fixed', start: '2024-01-01', end: '2024-12-31' } },
    });
    const f = renderField(q);
    const input = screen.getByRole('textbox', { name: /Visit date/ });
    expect(input.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '05/03/2024' } });
    expect(f.last()).toEqual({ date: '05/03/2024' });
    expectValid(q, f.last());
    fireEvent.change(input, { target: { value: '' } });
    expect(f.last()).toBeUndefined();
  });

  it('Time and DateTime report time, and date with time', () => {
    const time = question({
      id: 'q11',
      identifier: 'doseTime',
      type: 'Time',
      body: t('Dose time', 'Hora de la dosis'),
      constraints: { format: '12' },
    });
    const f = renderField(time);
    const input = screen.getByRole('textbox', { name: /Dose time/ });
    expect(input.getAttribute('placeholder')).toBe('hh:mm AM/PM');
    fireEvent.change(input, { target: { value: '08:30 AM' } });
    expect(f.last()).toEqual({ time: '08:30 AM' });
    expectValid(time, f.last());
    cleanup();
    const onset = question({
      id: 'q12',
      identifier: 'onset',
      type: 'DateTime',
      body: t('When did it start?', '¿Cuándo empezó?'),
      constraints: { date: { format: 'yyyy/mm/dd' }, time: { format: '24' } },
    });
    const g = renderField(onset);
    const group = screen.getByRole('group', { name: /When did it start\?/ });
    fireEvent.change(within(group).getByRole('textbox', { name: /Date/ }), { target: { value: '2024/03/01' } });
    fireEvent.change(within(group).getByRole('textbox', { name: /Time/ }), { target: { value: '14:15' } });
    expect(g.last()).toEqual({ date: '2024/03/01', time: '14:15' });
    expectValid(onset, g.last());
  });
});

describe('QuestionField: typed answers', () => {
  it('Number: decimal keyboard, reports answer as typed', () => {
    const q = question({
      id: 'q13',
      identifier: 'weight',
      type: 'Number',
      body: t('Weight (kg)', 'Peso (kg)'),
      constraints: { min: 20, max: 300, decimals: 1 },
    });
    const f = renderField(q);
    const input = screen.getByRole('textbox', { name: /Weight \(kg\)/ });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(input, { target: { value: '72.5' } });
    expect(f.last()).toEqual({ answer: '72.5' });
    expectValid(q, f.last());
  });

  it('Integer: digits keyboard, reports answer as typed', () => {
    const q = question({ id: 'q14', identifier: 'steps', type: 'Integer', body: t('Steps', 'Pasos') });
    const f = renderField(q);
    const input = screen.getByRole('textbox', { name: /Steps/ });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(input, { target: { value: '8000' } });
    expect(f.last()).toEqual({ answer: '8000' });
    expectValid(q, f.last());
  });

  it('Text: a multiline field with its character count, reports answer', () => {
    const q = question({
      id: 'q16',
      identifier: 'notes',
      type: 'Text',
      body: t('Notes', 'Notas'),
      formattedBody: t('<b>Notes</b> for today', '<b>Notas</b> de hoy'),
      constraints: { maxLength: 200, multiline: true },
    });
    const f = renderField(q);
    // the formatted body, as text
    const input = screen.getByRole('textbox', { name: /Notes for today/ });
    expect(input.tagName).toBe('TEXTAREA');
    expect(screen.getByText('0 / 200 characters')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Slept well' } });
    expect(f.last()).toEqual({ answer: 'Slept well' });
    expect(screen.getByText('10 / 200 characters')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expectValid(q, f.last());
  });

  it('SurveyInstruction: its text only, no input and nothing to answer', () => {
    const q = question({ id: 'q0', identifier: 'intro', type: 'SurveyInstruction', body: t('Welcome', 'Bienvenida') });
    renderField(q);
    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expectValid(q, undefined);
  });

  it('a type the participant flow skips: nothing, or a note for the builder', () => {
    const q = question({ id: 'q18', identifier: 'video', type: 'VideoRecording', body: t('Record a video', 'Grabe') });
    renderField(q);
    expect(document.body.textContent).not.toContain('Record a video');
    cleanup();
    renderField(q, { showSkipped: true });
    expect(screen.getByText(/Record a video .*not shown to participants/)).toBeTruthy();
  });
});

const MEDS: QuestionInput = {
  id: 'q17',
  identifier: 'meds',
  type: 'Medication',
  body: t('Medications taken', 'Medicamentos tomados'),
  constraints: {
    medications: [{ id: 'ibu', name: t('Ibuprofen', 'Ibuprofeno') }],
    units: ['mg', 'ml'],
    reasons: [{ id: 'pain', body: t('Pain', 'Dolor') }],
  },
};

describe('QuestionField: medication', () => {
  it('a repeatable list of entries: a listed drug or one typed in, dose, unit, doses, reason', () => {
    const q = question(MEDS);
    const f = renderField(q);
    const list = screen.getByRole('group', { name: /Medications taken/ });
    const first = within(list).getByRole('group', { name: 'Medication 1' });
    choose(within(first).getByRole('combobox', { name: 'Medication name' }), 'Ibuprofen');
    expect(f.last()).toEqual({ medication: [{ medicationId: 'ibu' }] });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Dose' }), { target: { value: '200' } });
    choose(within(first).getByRole('combobox', { name: 'Unit' }), 'mg');
    fireEvent.change(within(first).getByRole('textbox', { name: 'Number of doses' }), { target: { value: '2' } });
    choose(within(first).getByRole('combobox', { name: 'Reason for use' }), 'Pain');
    expect(f.last()).toEqual({
      medication: [{ medicationId: 'ibu', dosageAmount: '200', dosageUnit: 'mg', numberOfDoses: '2', reason: 'pain' }],
    });
    expectValid(q, f.last());

    fireEvent.click(screen.getByRole('button', { name: 'Add a medication' }));
    const second = within(list).getByRole('group', { name: 'Medication 2' });
    choose(within(second).getByRole('combobox', { name: 'Medication name' }), 'Other medication');
    fireEvent.change(within(second).getByRole('textbox', { name: 'Name of the medication' }), {
      target: { value: 'Aspirin' },
    });
    expect(f.last()?.medication?.[1]).toEqual({ isOther: true, name: 'Aspirin' });
    // the domain wants the rest of the second entry
    expect(validateQuestion(q, f.last()).errors.map((e) => e.field)).toEqual([
      'medication.1.dosageAmount',
      'medication.1.dosageUnit',
      'medication.1.numberOfDoses',
      'medication.1.reason',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove medication 2' }));
    expect(f.last()?.medication).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove medication 1' }));
    expect(f.last()).toBeUndefined();
  });

  it("shows each entry's message under its own input", () => {
    const q = question(MEDS);
    const value: Answer = { medication: [{ medicationId: 'ibu', dosageAmount: '200', numberOfDoses: '2' }] };
    const errors = validateQuestion(q, value).errors;
    renderWithMantine(<QuestionField question={q} value={value} onChange={() => {}} language="en" errors={errors} />);
    const unit = screen.getByRole('combobox', { name: 'Unit' });
    expect(unit.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(unit.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Medication dosage unit is required.');
    expect(screen.getByText('Reason for use required.')).toBeTruthy();
  });
});

describe('QuestionField: messages and languages', () => {
  /** The text of the elements an element's aria-describedby names. */
  const description = (el: Element) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  it("shows the domain's message under the field, tied to it by aria-invalid and aria-describedby", () => {
    const q = question({ id: 'q14', identifier: 'steps', type: 'Integer', body: t('Steps', 'Pasos') });
    const errors: RuleMessage[] = validateQuestion(q, { answer: '12.5' }).errors;
    renderWithMantine(
      <QuestionField question={q} value={{ answer: '12.5' }} onChange={() => {}} language="en" errors={errors} />,
    );
    const input = screen.getByRole('textbox', { name: /Steps/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toContain('Decimals not allowed');
  });

  it('a choice group carries the message too, and each radio is marked invalid', () => {
    const q = question(MOOD);
    renderWithMantine(
      <QuestionField
        question={q}
        value={undefined}
        onChange={() => {}}
        language="en"
        errors={validateQuestion(q, undefined).errors}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: /How do you feel\?/ });
    expect(description(group)).toContain('Please select an answer');
    expect(within(group).getByRole('radio', { name: 'Good' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows soft warnings under the field', () => {
    const q = question({
      id: 'q13',
      identifier: 'weight',
      type: 'Number',
      body: t('Weight (kg)', 'Peso (kg)'),
      constraints: { softMax: 200 },
    });
    const r = validateQuestion(q, { answer: '250' });
    renderWithMantine(
      <QuestionField question={q} value={{ answer: '250' }} onChange={() => {}} language="en" warnings={r.warnings} />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'This value is above the expected maximum of 200. Please check your answer.',
    );
  });

  it("Spanish: the question's Spanish texts and the catalogue's Spanish messages", () => {
    const q = question(MOOD);
    renderWithMantine(
      <QuestionField
        question={q}
        value={undefined}
        onChange={() => {}}
        language="es"
        errors={validateQuestion(q, undefined).errors}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: /¿Cómo se siente\?/ });
    expect(within(group).getByRole('radio', { name: 'Mal' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Otro' })).toBeTruthy();
    expect(screen.getByText('Seleccione una respuesta')).toBeTruthy();
    cleanup();
    renderField(question({ id: 'b', identifier: 'b', type: 'Boolean', body: t('Smoke?', '¿Fuma?') }), {
      language: 'es',
    });
    expect(screen.getByRole('radio', { name: 'Sí' })).toBeTruthy();
  });
});
