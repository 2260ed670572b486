/**
 * The bodies of the consent flow's steps before the signature: an education section, a quiz question,
 * the documents, the disclaimers and the optional consents. Each draws what ConsentFlow holds and reports
 * changes; the rules (what blocks the way on) are in steps.ts.
 */
import { Alert, Box, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { type Consent, type StudyText, stripUnsafeMarkup } from '@trialpath/domain';
import { hasText } from './steps';
import type { ConsentLabels } from './labels';

export type TextOf = (text: StudyText | null | undefined) => string;
type Level = 2 | 3 | 4 | 5 | 6;
const below = (level: Level): Level => Math.min(6, level + 1) as Level;

/** A study's rich text (already sanitised on save; cleaned again here by the same rule, A-166). */
export function RichHtml({ html }: { html: string }) {
  const clean = stripUnsafeMarkup(html);
  if (clean.trim() === '') return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by stripUnsafeMarkup, the server's own rule (A-166)
  return <Box className="tp-rich" dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function SectionBody({
  consent,
  index,
  text,
  iconUrl,
}: {
  consent: Consent;
  index: number;
  text: TextOf;
  iconUrl?: (iconId: string) => string;
}) {
  const section = consent.sections[index];
  if (!section) return null;
  return (
    <Stack gap="sm">
      {section.icon && iconUrl && (
        <img src={iconUrl(section.icon)} alt="" width={48} height={48} style={{ display: 'block' }} />
      )}
      <RichHtml html={text(section.body)} />
    </Stack>
  );
}

export interface QuizState {
  chosen: string | null;
  passed: boolean;
  /** The last answer was wrong: the explanation shows and the question is asked again. */
  wrong: boolean;
}

export function QuizBody({
  consent,
  index,
  state,
  onChoose,
  text,
  labels,
  missing,
}: {
  consent: Consent;
  index: number;
  state: QuizState;
  onChoose: (optionId: string) => void;
  text: TextOf;
  labels: ConsentLabels;
  /** Check answer was pressed without a choice. */
  missing: boolean;
}) {
  const q = consent.quiz[index];
  if (!q) return null;
  const explanation = text(q.explanation);
  return (
    <Stack gap="md">
      {state.wrong && (
        <Alert color="orange" variant="light" role="alert" data-testid="quiz-wrong">
          <Stack gap={4}>
            <Text fw={600}>{labels.wrongAnswer}</Text>
            {explanation && <Text>{explanation}</Text>}
            <Text>{labels.askAgain}</Text>
          </Stack>
        </Alert>
      )}
      {state.passed && (
        <Alert color="teal" variant="light" role="status">
          {labels.rightAnswer}
        </Alert>
      )}
      <Radio.Group
        label={text(q.question)}
        value={state.chosen ?? ''}
        onChange={onChoose}
        error={missing ? labels.chooseAnswer : undefined}
        styles={{ label: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 600 } }}
      >
        <Stack gap="sm" mt="xs">
          {q.options.map((o) => (
            <Radio key={o.id} value={o.id} label={text(o.text)} disabled={state.passed} />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

export function DocumentsBody({
  consent,
  text,
  labels,
  level,
}: {
  consent: Consent;
  text: TextOf;
  labels: ConsentLabels;
  level: Level;
}) {
  const documents = consent.documentAndSignatureEnabled ? consent.documents : [];
  const extras = [
    { id: 'privacy', title: labels.privacyPolicy, body: consent.privacyPolicy },
    { id: 'license', title: labels.license, body: consent.license },
  ].filter((e) => hasText(e.body));
  return (
    <Stack gap="lg">
      {documents.map((d) => (
        <Stack gap="xs" key={d.id} component="section">
          <Title order={below(level)} fz="h4">
            {text(d.title)}
          </Title>
          <RichHtml html={text(d.body)} />
        </Stack>
      ))}
      {extras.map((e) => (
        <Box
          key={e.id}
          component="details"
          data-testid={`consent-${e.id}`}
          style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, padding: '8px 12px' }}
        >
          <Box component="summary" fw={600} style={{ cursor: 'pointer' }}>
            {e.title}
          </Box>
          <Box mt="xs">
            <RichHtml html={text(e.body)} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export function DisclaimersBody({
  consent,
  accepted,
  onChange,
  text,
  labels,
  missing,
}: {
  consent: Consent;
  accepted: readonly string[];
  onChange: (next: string[]) => void;
  text: TextOf;
  labels: ConsentLabels;
  /** The required disclaimers not ticked when Next was pressed (empty until then). */
  missing: readonly string[];
}) {
  return (
    <Stack gap="md">
      <Text>{labels.disclaimersIntro}</Text>
      {missing.length > 0 && (
        <Alert color="red" variant="light" role="alert">
          {labels.disclaimersMissing}
        </Alert>
      )}
      {consent.disclaimers.map((d) => {
        const on = accepted.includes(d.id);
        return (
          <Checkbox
            key={d.id}
            size="md"
            checked={on}
            onChange={(e) =>
              onChange(e.currentTarget.checked ? [...accepted, d.id] : accepted.filter((a) => a !== d.id))
            }
            label={
              <>
                {text(d.text)}
                {d.required && (
                  <Text span c="dimmed" size="sm">
                    {` (${labels.required})`}
                  </Text>
                )}
              </>
            }
            error={missing.includes(d.id) ? labels.disclaimerRequired : undefined}
          />
        );
      })}
    </Stack>
  );
}

export function OptionalBody({
  consent,
  answers,
  onChange,
  text,
  labels,
  missing,
}: {
  consent: Consent;
  answers: Readonly<Record<string, boolean>>;
  onChange: (id: string, value: boolean) => void;
  text: TextOf;
  labels: ConsentLabels;
  missing: readonly string[];
}) {
  return (
    <Stack gap="md">
      <Text>{labels.optionalIntro}</Text>
      {missing.length > 0 && (
        <Alert color="red" variant="light" role="alert">
          {labels.optionalMissing}
        </Alert>
      )}
      {consent.optionalConsents.map((o) => {
        const v = answers[o.id];
        return (
          <Radio.Group
            key={o.id}
            label={text(o.text)}
            value={v === undefined ? '' : v ? 'yes' : 'no'}
            onChange={(next) => onChange(o.id, next === 'yes')}
            error={missing.includes(o.id) ? labels.optionalRequired : undefined}
            withAsterisk
          >
            <Group gap="lg" mt="xs">
              <Radio value="yes" label={labels.yes} />
              <Radio value="no" label={labels.no} />
            </Group>
          </Radio.Group>
        );
      })}
    </Stack>
  );
}
