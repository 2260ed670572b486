import { Text, Textarea, TextInput } from '@mantine/core';
import type { QuestionOf } from '@trialpath/domain';
import { fill } from './labels';
import { compactAnswer, type TypeFieldProps, typedText } from './parts';

/**
 * Text: one line, or several when the question is multiline. The character limit is shown as a count
 * (not enforced by the input: the browser counts UTF-16 units, the domain counts characters).
 */
export function TextField(props: TypeFieldProps<QuestionOf<'Text'>>) {
  const { question: q, value, onChange, label, labels, id, error, required, disabled } = props;
  const text = typedText(value?.answer);
  const { maxLength, multiline } = q.constraints;
  const shared = {
    id,
    label,
    value: text,
    error,
    withAsterisk: required,
    disabled,
    description: maxLength ? fill(labels.characters, { n: [...text].length, max: maxLength }) : undefined,
    // the count sits under the input, where it is read while typing
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
  const change = (next: string) => onChange(compactAnswer({ answer: next }));
  // a fixed height rather than autosize, which needs document.fonts (the test DOM has none)
  return multiline ? (
    <Textarea {...shared} rows={4} resize="vertical" onChange={(e) => change(e.currentTarget.value)} />
  ) : (
    <TextInput {...shared} onChange={(e) => change(e.currentTarget.value)} />
  );
}

/** SurveyInstruction: the text only; it takes no answer. */
export function InstructionField({ label, id }: TypeFieldProps<QuestionOf<'SurveyInstruction'>>) {
  return (
    <Text id={id} style={{ whiteSpace: 'pre-line' }}>
      {label}
    </Text>
  );
}
