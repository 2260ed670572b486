import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { Consent, StudyText } from '@trialpath/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  DisclaimersBody,
  DocumentsBody,
  OptionalBody,
  QuizBody,
  type QuizState,
  SectionBody,
  type TextOf,
} from './ConsentSteps';
import { type ConsentLabels, consentLabels, fillLabel } from './labels';
import { SignatureBody, type SignatureValues } from './SignatureStep';
import {
  acceptedInOrder,
  type ConsentStep,
  consentSteps,
  isRightAnswer,
  missingDisclaimers,
  type SignatureProblem,
  signatureProblems,
  studyTextIn,
  unansweredOptional,
} from './steps';

/** What the person gave while going through the consent: handed to `onSign`. */
export interface ConsentSignResult {
  /** Trimmed. */
  typedName: string;
  /** The password typed again (participant mode); '' in a preview. */
  password: string;
  /** A PNG data URL when the consent asks for a drawn signature and one was drawn, else null. */
  drawnSignature: string | null;
  /** The disclaimers ticked, in the consent's order. */
  acceptedDisclaimers: string[];
  /** Each optional consent's answer. */
  optionalConsents: Record<string, boolean>;
  /** Wrong quiz answers before the right ones. */
  quizAttempts: number;
}

export interface ConsentFlowProps {
  consent: Consent;
  /** The language the consent's texts are shown in (a text missing in it: the default language's). */
  language: string;
  /** The study's default language (default 'en'). */
  defaultLanguage?: string;
  /** What signing means (the consent's own text or the standard one), in `language`. */
  meaning: string;
  /** preview: a "nothing is signed or saved" banner, no password, and Sign ends the preview. */
  mode?: 'participant' | 'preview';
  /**
   * Called on Sign with what was given. A rejection keeps everything entered and shows its message.
   * In a preview it is told the preview ended (nothing is signed).
   */
  onSign?: (result: ConsentSignResult) => Promise<void> | void;
  /** Called each time the signature step is shown (the caller may start its signing attempt then). */
  onSignatureStep?: () => void;
  /** Texts of the flow, already translated; default: the package's for `language`. */
  labels?: Partial<ConsentLabels>;
  /** Where an education section's icon is loaded from; without it icons are not shown. */
  iconUrl?: (iconId: string) => string;
  /** The consent's heading level (its steps' headings are one below). Default 2. */
  headingLevel?: 2 | 3 | 4;
  /** Move focus to the first step's heading on arrival too (e.g. the next consent of several). */
  focusOnMount?: boolean;
  /** Shown above the steps (e.g. why the consent is asked again). */
  notice?: ReactNode;
}

const EMPTY_SIGNATURE: SignatureValues = { meaningAccepted: false, typedName: '', password: '', drawnSignature: null };

function stepHeading(step: ConsentStep, consent: Consent, text: TextOf, labels: ConsentLabels): string {
  switch (step.kind) {
    case 'section':
      return text(consent.sections[step.index]?.title) || labels.educationHeading;
    case 'quiz':
      return `${labels.quizHeading} — ${fillLabel(labels.quizProgress, { n: step.index + 1, m: consent.quiz.length })}`;
    case 'documents':
      return labels.documentsHeading;
    case 'disclaimers':
      return labels.disclaimersHeading;
    case 'optional':
      return labels.optionalHeading;
    case 'signature':
      return labels.signatureHeading;
  }
}

/**
 * One consent, step by step (decision D-consent-signature): education sections one a page, the comprehension quiz one
 * question at a time (a wrong answer explains and asks again, and is counted), the documents with the
 * privacy policy and licence, the disclaimers (the required ones must be ticked), the optional consents
 * (each answered yes or no), then the signature. Back and Next, a progress line, and focus to each step's
 * heading. Used by the participant portal and by the staff's preview (mode 'preview').
 */
export function ConsentFlow(props: ConsentFlowProps) {
  const { consent, language, defaultLanguage = 'en', meaning, mode = 'participant' } = props;
  const preview = mode === 'preview';
  const labels = consentLabels(language, props.labels);
  const level = props.headingLevel ?? 2;
  const stepLevel = (level + 1) as 3 | 4 | 5;
  const text: TextOf = (t: StudyText | null | undefined) => studyTextIn(t, language, defaultLanguage);
  const steps = consentSteps(consent);

  const [index, setIndex] = useState(0);
  const [quiz, setQuiz] = useState<Record<string, QuizState>>({});
  const [quizAttempts, setQuizAttempts] = useState(0);
  const [accepted, setAccepted] = useState<string[]>([]);
  const [optional, setOptional] = useState<Record<string, boolean>>({});
  const [signature, setSignature] = useState<SignatureValues>(EMPTY_SIGNATURE);
  /** Next (or Sign) was pressed on this step and something was missing. */
  const [tried, setTried] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [signed, setSigned] = useState(false);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const arrived = useRef(props.focusOnMount ?? false);

  const current = steps[Math.min(index, steps.length - 1)] as ConsentStep;
  const onSignatureStep = props.onSignatureStep;
  const atSignature = current.kind === 'signature' && !ended;

  // Each new step is announced from its heading (on arrival only when asked: the page may say more first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new step (and the preview's end)
  useEffect(() => {
    if (!arrived.current) {
      arrived.current = true;
      return;
    }
    headingRef.current?.focus();
  }, [index, ended]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival at the signature step
  useEffect(() => {
    if (atSignature) onSignatureStep?.();
  }, [atSignature]);

  // A refused Next or Sign takes the person to the first field that needs them.
  useEffect(() => {
    if (tried === 0) return;
    const first = stepRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [tried]);

  const go = (to: number) => {
    setTried(0);
    setFailure(null);
    setIndex(Math.max(0, Math.min(steps.length - 1, to)));
  };

  const quizOf = (id: string): QuizState => quiz[id] ?? { chosen: null, passed: false, wrong: false };
  const missingNow = (() => {
    if (tried === 0) return { disclaimers: [], optional: [], signature: [] as SignatureProblem[], quiz: false };
    return {
      disclaimers: current.kind === 'disclaimers' ? missingDisclaimers(consent, accepted) : [],
      optional: current.kind === 'optional' ? unansweredOptional(consent, optional) : [],
      signature: current.kind === 'signature' ? signatureProblems(signature, !preview) : [],
      quiz: current.kind === 'quiz' && quizOf(consent.quiz[current.index]?.id ?? '').chosen === null,
    };
  })();

  const restart = () => {
    setQuiz({});
    setQuizAttempts(0);
    setAccepted([]);
    setOptional({});
    setSignature(EMPTY_SIGNATURE);
    setEnded(false);
    go(0);
  };

  const sign = async () => {
    if (signatureProblems(signature, !preview).length > 0) {
      setTried((n) => n + 1);
      return;
    }
    const result: ConsentSignResult = {
      typedName: signature.typedName.trim(),
      password: preview ? '' : signature.password,
      drawnSignature: consent.digitalSignatureEnabled ? signature.drawnSignature : null,
      acceptedDisclaimers: acceptedInOrder(consent, accepted),
      optionalConsents: Object.fromEntries(
        consent.optionalConsents.filter((o) => typeof optional[o.id] === 'boolean').map((o) => [o.id, optional[o.id]]),
      ) as Record<string, boolean>,
      quizAttempts,
    };
    setFailure(null);
    setBusy(true);
    try {
      await props.onSign?.(result);
      if (preview) setEnded(true);
      else setSigned(true);
    } catch (e) {
      setFailure(e instanceof Error && e.message ? e.message : labels.signFailed);
    } finally {
      setBusy(false);
    }
  };

  const forward = () => {
    switch (current.kind) {
      case 'quiz': {
        const q = consent.quiz[current.index];
        if (!q) return go(index + 1);
        const s = quizOf(q.id);
        if (s.passed) return go(index + 1);
        if (s.chosen === null) {
          setTried((n) => n + 1);
          return;
        }
        if (isRightAnswer(consent, q.id, s.chosen)) {
          setQuiz((all) => ({ ...all, [q.id]: { chosen: s.chosen, passed: true, wrong: false } }));
          return go(index + 1);
        }
        // Wrong: counted, explained, and the question is asked again (the choice is cleared).
        setQuizAttempts((n) => n + 1);
        setQuiz((all) => ({ ...all, [q.id]: { chosen: null, passed: false, wrong: true } }));
        setTried(0);
        return;
      }
      case 'disclaimers':
        if (missingDisclaimers(consent, accepted).length > 0) {
          setTried((n) => n + 1);
          return;
        }
        return go(index + 1);
      case 'optional':
        if (unansweredOptional(consent, optional).length > 0) {
          setTried((n) => n + 1);
          return;
        }
        return go(index + 1);
      case 'signature':
        void sign();
        return;
      default:
        return go(index + 1);
    }
  };

  const banner = preview ? (
    <Alert color="yellow" variant="light" data-testid="consent-preview-banner">
      {labels.preview}
    </Alert>
  ) : null;
  const title = (
    <Title order={level} fz="h3">
      {text(consent.name) || labels.untitled}
    </Title>
  );

  if (ended) {
    return (
      <Stack gap="md">
        {banner}
        {title}
        <Title order={stepLevel} fz="h4" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {labels.previewDone}
        </Title>
        <Group>
          <Button variant="default" onClick={restart}>
            {labels.restart}
          </Button>
        </Group>
      </Stack>
    );
  }

  const progress = fillLabel(labels.progress, { n: index + 1, m: steps.length });
  const heading = stepHeading(current, consent, text, labels);
  const forwardLabel =
    current.kind === 'signature'
      ? labels.sign
      : current.kind === 'quiz' && !quizOf(consent.quiz[current.index]?.id ?? '').passed
        ? labels.checkAnswer
        : labels.next;

  let body: ReactNode;
  switch (current.kind) {
    case 'section':
      body = <SectionBody consent={consent} index={current.index} text={text} iconUrl={props.iconUrl} />;
      break;
    case 'quiz': {
      const q = consent.quiz[current.index];
      body = q ? (
        <QuizBody
          consent={consent}
          index={current.index}
          state={quizOf(q.id)}
          onChoose={(optionId) => setQuiz((all) => ({ ...all, [q.id]: { ...quizOf(q.id), chosen: optionId } }))}
          text={text}
          labels={labels}
          missing={missingNow.quiz}
        />
      ) : null;
      break;
    }
    case 'documents':
      body = <DocumentsBody consent={consent} text={text} labels={labels} level={stepLevel} />;
      break;
    case 'disclaimers':
      body = (
        <DisclaimersBody
          consent={consent}
          accepted={accepted}
          onChange={setAccepted}
          text={text}
          labels={labels}
          missing={missingNow.disclaimers}
        />
      );
      break;
    case 'optional':
      body = (
        <OptionalBody
          consent={consent}
          answers={optional}
          onChange={(id, v) => setOptional((all) => ({ ...all, [id]: v }))}
          text={text}
          labels={labels}
          missing={missingNow.optional}
        />
      );
      break;
    case 'signature':
      body = (
        <SignatureBody
          values={signature}
          onChange={(patch) => setSignature((s) => ({ ...s, ...patch }))}
          meaning={meaning}
          withPassword={!preview}
          withDrawing={consent.digitalSignatureEnabled}
          labels={labels}
          problems={missingNow.signature}
          level={stepLevel}
        />
      );
      break;
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && !signed) forward();
      }}
    >
      <Stack gap="md">
        {banner}
        {title}
        {props.notice}
        <Stack gap={4}>
          <Text size="sm">{progress}</Text>
          <Progress value={((index + 1) / steps.length) * 100} aria-hidden />
        </Stack>
        <Stack gap="md" ref={stepRef}>
          <Title order={stepLevel} fz="h4" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            {heading}
          </Title>
          {body}
        </Stack>
        {current.kind === 'signature' && missingNow.signature.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {labels.checkFields}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="sign-failure">
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          {index > 0 ? (
            <Button variant="default" onClick={() => go(index - 1)} disabled={busy || signed}>
              {labels.back}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={busy} disabled={signed}>
            {forwardLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
