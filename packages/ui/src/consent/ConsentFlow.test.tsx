import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type Consent, consentItemSchema, textKit } from '@trialpath/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test-utils';
import { ConsentFlow, type ConsentFlowProps } from './ConsentFlow';

afterEach(cleanup);

const t = (en: string, es?: string) => (es ? { en, es } : { en });
const schema = consentItemSchema(textKit({}));

function consent(over: Record<string, unknown> = {}): Consent {
  return schema.parse({
    id: 'main',
    name: t('Main consent', 'Consentimiento principal'),
    educationEnabled: true,
    comprehensionEnabled: true,
    documentAndSignatureEnabled: true,
    digitalSignatureEnabled: false,
    sections: [
      { id: 's1', title: t('What the study is', 'Qué es el estudio'), body: t('<p>A study of sleep.</p>') },
      { id: 's2', title: t('Your risks', 'Sus riesgos'), body: t('<p>Very few.</p>') },
    ],
    quiz: [
      {
        id: 'q1',
        question: t('How long does the study last?', '¿Cuánto dura el estudio?'),
        options: [
          { id: 'a', text: t('One week', 'Una semana') },
          { id: 'b', text: t('Six months', 'Seis meses') },
        ],
        correctOptionId: 'b',
        explanation: t('The study lasts six months, as the second section says.'),
      },
    ],
    documents: [{ id: 'd1', title: t('Consent form'), body: t('<p>The full consent form.</p>') }],
    privacyPolicy: t('<p>We keep your data safe.</p>'),
    license: {},
    disclaimers: [
      { id: 'x1', text: t('I am 18 or older.'), required: true },
      { id: 'x2', text: t('I may be contacted again.'), required: false },
    ],
    optionalConsents: [{ id: 'o1', text: t('Keep my samples for future research.') }],
    ...over,
  });
}

const MEANING = 'My signature means I agree to take part.';

function run(c: Consent, props: Partial<ConsentFlowProps> = {}) {
  const onSign = vi.fn<NonNullable<ConsentFlowProps['onSign']>>(async () => {});
  renderWithMantine(<ConsentFlow consent={c} language="en" meaning={MEANING} onSign={onSign} {...props} />);
  return { onSign };
}

const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const heading = () => document.activeElement?.textContent ?? '';
const tick = (label: string | RegExp) => fireEvent.click(screen.getByRole('checkbox', { name: label }));
const choose = (label: string | RegExp) => fireEvent.click(screen.getByRole('radio', { name: label }));
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** From the start to the signature step of the standard consent, answering the quiz right at once. */
function toSignature() {
  press('Next');
  press('Next');
  choose('Six months');
  press('Check answer');
  press('Next');
  tick(/I am 18 or older/);
  press('Next');
  choose('Yes');
  press('Next');
}

describe('ConsentFlow', () => {
  it('goes through the steps in order, each heading taking the focus, with the progress line', () => {
    run(consent());
    expect(screen.getByText('Step 1 of 7')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What the study is' })).toBeTruthy();
    expect(screen.getByText('A study of sleep.')).toBeTruthy();
    press('Next');
    expect(heading()).toBe('Your risks');
    expect(screen.getByText('Step 2 of 7')).toBeTruthy();
    press('Next');
    expect(heading()).toBe('Check your understanding — Question 1 of 1');
    choose('Six months');
    press('Check answer');
    expect(heading()).toBe('Consent documents');
    expect(screen.getByText('The full consent form.')).toBeTruthy();
    // the privacy policy is there, folded; an empty licence is not
    expect(screen.getByTestId('consent-privacy').textContent).toContain('We keep your data safe.');
    expect(screen.queryByTestId('consent-license')).toBeNull();
    press('Next');
    expect(heading()).toBe('Statements');
    press('Back');
    expect(heading()).toBe('Consent documents');
  });

  it('skips every step whose flag is off: no education, quiz or documents', () => {
    run(
      consent({
        educationEnabled: false,
        comprehensionEnabled: false,
        documentAndSignatureEnabled: false,
        privacyPolicy: {},
      }),
    );
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Statements' })).toBeTruthy();
    expect(screen.queryByText('What the study is')).toBeNull();
    expect(screen.queryByText('How long does the study last?')).toBeNull();
    tick(/I am 18 or older/);
    press('Next');
    choose('No');
    press('Next');
    expect(heading()).toBe('Sign');
    expect(screen.queryByText('The full consent form.')).toBeNull();
  });

  it('a wrong quiz answer shows the explanation, asks the question again and is counted', async () => {
    const { onSign } = run(consent());
    press('Next');
    press('Next');
    press('Check answer');
    expect(screen.getByText('Choose an answer to go on.')).toBeTruthy();
    choose('One week');
    press('Check answer');
    const wrong = screen.getByTestId('quiz-wrong');
    expect(wrong.textContent).toContain('That is not the right answer.');
    expect(wrong.textContent).toContain('The study lasts six months, as the second section says.');
    // asked again: same question, nothing chosen
    expect(heading()).not.toBe('Consent documents');
    expect(screen.getByText('How long does the study last?')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'One week' }) as HTMLInputElement).checked).toBe(false);
    choose('One week');
    press('Check answer');
    choose('Six months');
    press('Check answer');
    expect(heading()).toBe('Consent documents');
    press('Next');
    tick(/I am 18 or older/);
    press('Next');
    choose('Yes');
    press('Next');
    tick('I have read and accept the meaning of my signature');
    type(/Your full name/, 'Ana Pérez');
    type(/Your password/, 'secret');
    press('Sign');
    await waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    expect(onSign.mock.calls[0]![0].quizAttempts).toBe(2);
  });

  it('required disclaimers block Next with the message; optional ones do not', () => {
    run(consent({ educationEnabled: false, comprehensionEnabled: false, documentAndSignatureEnabled: false }));
    press('Next'); // the privacy policy
    expect(heading()).toBe('Statements');
    tick(/I may be contacted again/);
    press('Next');
    expect(screen.getByRole('alert').textContent).toBe('Tick every required statement to go on.');
    expect(screen.getByText('Please accept this statement to go on.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Statements' })).toBeTruthy();
    tick(/I am 18 or older/);
    press('Next');
    expect(heading()).toBe('Optional choices');
  });

  it('optional consents need a yes or no answer', () => {
    run(
      consent({
        educationEnabled: false,
        comprehensionEnabled: false,
        documentAndSignatureEnabled: false,
        disclaimers: [],
        privacyPolicy: {},
      }),
    );
    expect(heading()).not.toBe('Sign');
    press('Next');
    expect(screen.getByRole('alert').textContent).toBe('Answer every choice with yes or no to go on.');
    expect(screen.getByText('Please answer yes or no.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Optional choices' })).toBeTruthy();
    choose('No');
    press('Next');
    expect(heading()).toBe('Sign');
  });

  it('the signature needs the meaning accepted, the typed name and the password, then hands over exactly what was given', async () => {
    const { onSign } = run(consent());
    toSignature();
    expect(screen.getByTestId('signature-meaning').textContent).toBe(MEANING);
    press('Sign');
    expect(screen.getByText('Accept the meaning of your signature to sign.')).toBeTruthy();
    expect(screen.getByText('Type your full name (at least 2 characters).')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    tick('I have read and accept the meaning of my signature');
    type(/Your full name/, '  Ana Pérez ');
    press('Sign');
    expect(screen.queryByText('Accept the meaning of your signature to sign.')).toBeNull();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(onSign).not.toHaveBeenCalled();
    type(/Your password/, 'pa55 word');
    press('Sign');
    await waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    expect(onSign.mock.calls[0]![0]).toEqual({
      typedName: 'Ana Pérez',
      password: 'pa55 word',
      drawnSignature: null,
      acceptedDisclaimers: ['x1'],
      optionalConsents: { o1: true },
      quizAttempts: 0,
    });
  });

  it('a rejected sign keeps every input and shows the message; signing again sends the same', async () => {
    const onSign = vi
      .fn<NonNullable<ConsentFlowProps['onSign']>>()
      .mockRejectedValueOnce(new Error('The password is not correct.'))
      .mockResolvedValueOnce(undefined);
    run(consent(), { onSign });
    toSignature();
    tick('I have read and accept the meaning of my signature');
    type(/Your full name/, 'Ana Pérez');
    type(/Your password/, 'wrong');
    press('Sign');
    expect((await screen.findByTestId('sign-failure')).textContent).toBe('The password is not correct.');
    expect((screen.getByLabelText(/Your full name/) as HTMLInputElement).value).toBe('Ana Pérez');
    expect((screen.getByLabelText(/Your password/) as HTMLInputElement).value).toBe('wrong');
    expect(
      (screen.getByRole('checkbox', { name: 'I have read and accept the meaning of my signature' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    press('Sign');
    await waitFor(() => expect(onSign).toHaveBeenCalledTimes(2));
    expect(onSign.mock.calls[1]![0]).toEqual(onSign.mock.calls[0]![0]);
  });

  it('tells the caller when the signature step starts, each time it is shown', () => {
    const onSignatureStep = vi.fn();
    run(
      consent({
        educationEnabled: false,
        comprehensionEnabled: false,
        documentAndSignatureEnabled: false,
        privacyPolicy: {},
        disclaimers: [],
      }),
      { onSignatureStep },
    );
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect(onSignatureStep).not.toHaveBeenCalled();
    choose('Yes');
    press('Next');
    expect(onSignatureStep).toHaveBeenCalledTimes(1);
    press('Back');
    press('Next');
    expect(onSignatureStep).toHaveBeenCalledTimes(2);
  });

  it('preview: the banner, no password, and Sign ends the preview', async () => {
    const { onSign } = run(consent({ digitalSignatureEnabled: true }), { mode: 'preview' });
    expect(screen.getByTestId('consent-preview-banner').textContent).toBe('Preview — nothing is signed or saved');
    toSignature();
    expect(screen.queryByLabelText(/Your password/)).toBeNull();
    expect(screen.getByRole('img', { name: 'Signature drawing area' })).toBeTruthy();
    tick('I have read and accept the meaning of my signature');
    type(/Your full name/, 'Dr Who');
    press('Sign');
    expect(await screen.findByText('End of the preview. Nothing was signed or saved.')).toBeTruthy();
    expect(onSign.mock.calls[0]![0].password).toBe('');
    expect(screen.getByTestId('consent-preview-banner')).toBeTruthy();
    press('Start again');
    expect(screen.getByText('Step 1 of 7')).toBeTruthy();
  });

  it('says keyboard users may sign by typed name alone, and shows the pad only when the consent asks', () => {
    run(consent({ digitalSignatureEnabled: true }));
    toSignature();
    expect(screen.getByText(/your typed name is your signature/)).toBeTruthy();
    cleanup();
    run(consent({ digitalSignatureEnabled: false }));
    toSignature();
    expect(screen.queryByRole('img', { name: 'Signature drawing area' })).toBeNull();
  });

  it('hands over the drawn signature when the consent asks for one', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const ctx = {
      scale: vi.fn(),
      beginPath: vi.fn(),
      arc: vi.fn(),
      fill: vi.fn(),
      moveTo: vi.fn(),
      lineTo: vi.fn(),
      stroke: vi.fn(),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => png);
    const { onSign } = run(consent({ digitalSignatureEnabled: true }));
    toSignature();
    const pad = screen.getByRole('img', { name: 'Signature drawing area' });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 5, clientY: 5 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 50, clientY: 30 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    tick('I have read and accept the meaning of my signature');
    type(/Your full name/, 'Ana Pérez');
    type(/Your password/, 'secret');
    press('Sign');
    await waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    expect(onSign.mock.calls[0]![0].drawnSignature).toBe(png);
    vi.restoreAllMocks();
  });

  it('shows the consent in the chosen language, a missing text in the default one', () => {
    renderWithMantine(
      <ConsentFlow
        consent={consent({ documents: [{ id: 'd1', title: t('Consent form'), body: t('<p>Only English.</p>') }] })}
        language="es"
        meaning="Mi firma significa que acepto."
      />,
    );
    expect(screen.getByRole('heading', { name: 'Consentimiento principal' })).toBeTruthy();
    expect(screen.getByText('Paso 1 de 7')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Qué es el estudio' })).toBeTruthy();
    expect(screen.getByText('A study of sleep.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
  });

  it('never renders a script of a rich text', () => {
    run(consent({ sections: [{ id: 's1', title: t('Hi'), body: t('<p>Safe</p><script>window.hacked=1</script>') }] }));
    expect(screen.getByText('Safe')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });
});
