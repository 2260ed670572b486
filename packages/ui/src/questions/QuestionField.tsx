import { Stack, Text } from '@mantine/core';
import {
  type Answer,
  isSkippableType,
  messageText,
  type Question,
  questionDisplayText,
  type RuleMessage,
} from '@trialpath/domain';
import { type ReactNode, useId } from 'react';
import { ChoiceField, DropDownField } from './choice';
import { DateField, DateTimeField, TimeField } from './datetime';
import { ImageChoiceField } from './image';
import { type QuestionLabels, questionLabels } from './labels';
import { MedicationField } from './medication';
import { NumberField } from './numeric';
import { messageLines, splitMessages, type TypeFieldProps } from './parts';
import { NumberScaleField, VasField, WongBakerField } from './scale';
import { InstructionField, TextField } from './text';

/** A darker orange than the palette's: orange.9 is 4.3:1 on white, short of WCAG AA (4.5:1); this is 6.6:1. */
const WARNING_COLOR = '#a33a00';

export interface QuestionFieldProps {
  question: Question;
  /** The current answer, in the domain's shape (what validateQuestion and the payload builder take). */
  value: Answer | undefined;
  /** The new answer; undefined when the participant emptied it. */
  onChange: (value: Answer | undefined) => void;
  /** Language of the question's texts and of the messages (e.g. `en`, `es`, `es-MX`). */
  language: string;
  /** Errors of the domain's result (validateQuestion(...).errors), shown under the field or its part. */
  errors?: readonly RuleMessage[];
  /** Warnings of the domain's result (soft bounds, soft data edit checks), shown under the field. */
  warnings?: readonly RuleMessage[];
  /** Types the participant flow skips are drawn as a note (the builder's preview); else nothing. */
  showSkipped?: boolean;
  /** Texts of the field itself, already translated; default: the package's for `language`. */
  labels?: Partial<QuestionLabels>;
  disabled?: boolean;
}

function fieldOf(p: TypeFieldProps): ReactNode {
  const q = p.question;
  switch (q.type) {
    case 'MultiChoice':
    case 'Boolean':
    case 'CustomScale':
      return <ChoiceField {...p} />;
    case 'DropDown':
      return <DropDownField {...p} />;
    case 'ImageChoice':
      return <ImageChoiceField {...p} question={q} />;
    case 'NumberScale':
      return <NumberScaleField {...p} question={q} />;
    case 'VAS':
      return <VasField {...p} question={q} />;
    case 'WongBaker':
      return <WongBakerField {...p} question={q} />;
    case 'Date':
      return <DateField {...p} question={q} />;
    case 'Time':
      return <TimeField {...p} question={q} />;
    case 'DateTime':
      return <DateTimeField {...p} question={q} />;
    case 'Number':
    case 'Integer':
    case 'Decimal':
      return <NumberField {...p} question={q} />;
    case 'Text':
      return <TextField {...p} question={q} />;
    case 'Medication':
      return <MedicationField {...p} question={q} />;
    case 'SurveyInstruction':
      return <InstructionField {...p} question={q} />;
    default:
      return null;
  }
}

/**
 * One question of any type, in a language, with its answer. The answer it reports is the domain's
 * Answer, so validateQuestion, branching, scoring and the payload builder take it as it is; the
 * messages it shows are the domain's, turned into text with the catalogue.
 */
export function QuestionField(props: QuestionFieldProps) {
  const { question: q, value, onChange, language, errors = [], warnings = [], showSkipped, disabled } = props;
  const id = useId();
  const labels = questionLabels(language, props.labels);
  // the formatted body stripped to text, else the plain body (as the payload's displayQuestionText)
  const label = questionDisplayText(q, language);
  if (isSkippableType(q.type)) {
    if (!showSkipped) return null;
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {label} ({q.type}) — {labels.notShown}
      </Text>
    );
  }
  const { main, part } = splitMessages(q.type, errors, language);
  const warningLines = warnings.map((w) => messageText(w, language));
  const field = fieldOf({
    question: q,
    value,
    onChange,
    label,
    language,
    labels,
    id,
    error: messageLines(main),
    fieldError: part,
    required: !q.optional,
    disabled,
  });
  return (
    <Stack gap={4}>
      {field}
      {warningLines.length > 0 ? (
        <Text id={`${id}-warning`} size="sm" c={WARNING_COLOR} role="status">
          {messageLines(warningLines)}
        </Text>
      ) : null}
    </Stack>
  );
}
