import { Group, Input, TextInput } from '@mantine/core';
import type { DateConstraints, QuestionOf, TimeConstraints } from '@trialpath/domain';
import { fill } from './labels';
import { compactAnswer, type TypeFieldProps } from './parts';

/**
 * Dates and times are typed as text in the question's own format (the domain reads that format and
 * ISO alike), so no date-picker library is needed and what is typed is what is validated.
 */
const timePattern = (c: TimeConstraints) => (c.format === '12' ? 'hh:mm AM/PM' : 'HH:mm');
const datePattern = (c: DateConstraints) => c.format;

export function DateField(props: TypeFieldProps<QuestionOf<'Date'>>) {
  const { question: q, value, onChange, label, labels, id, error, required, disabled } = props;
  const format = datePattern(q.constraints);
  return (
    <TextInput
      id={id}
      label={label}
      description={fill(labels.dateFormat, { format })}
      placeholder={format}
      value={value?.date ?? ''}
      onChange={(e) => onChange(compactAnswer({ date: e.currentTarget.value }))}
      error={error}
      withAsterisk={required}
      autoComplete="off"
      disabled={disabled}
    />
  );
}

export function TimeField(props: TypeFieldProps<QuestionOf<'Time'>>) {
  const { question: q, value, onChange, label, labels, id, error, required, disabled } = props;
  const format = timePattern(q.constraints);
  return (
    <TextInput
      id={id}
      label={label}
      description={fill(labels.timeFormat, { format })}
      placeholder={format}
      value={value?.time ?? ''}
      onChange={(e) => onChange(compactAnswer({ time: e.currentTarget.value }))}
      error={error}
      withAsterisk={required}
      autoComplete="off"
      disabled={disabled}
    />
  );
}

/** DateTime: a date and a time under the question's label; each shows its own message (field date/time). */
export function DateTimeField(props: TypeFieldProps<QuestionOf<'DateTime'>>) {
  const { question: q, value, onChange, label, labels, id, error, fieldError, required, disabled } = props;
  const dateFormat = datePattern(q.constraints.date);
  const timeFormat = timePattern(q.constraints.time);
  const set = (part: 'date' | 'time', text: string) => onChange(compactAnswer({ ...value, [part]: text }));
  return (
    <Input.Wrapper id={id} label={label} error={error} withAsterisk={required} labelElement="div">
      <Group
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        align="flex-start"
        mt="xs"
      >
        <TextInput
          label={labels.date}
          description={fill(labels.dateFormat, { format: dateFormat })}
          placeholder={dateFormat}
          value={value?.date ?? ''}
          onChange={(e) => set('date', e.currentTarget.value)}
          error={fieldError('date')}
          autoComplete="off"
          disabled={disabled}
        />
        <TextInput
          label={labels.time}
          description={fill(labels.timeFormat, { format: timeFormat })}
          placeholder={timeFormat}
          value={value?.time ?? ''}
          onChange={(e) => set('time', e.currentTarget.value)}
          error={fieldError('time')}
          autoComplete="off"
          disabled={disabled}
        />
      </Group>
    </Input.Wrapper>
  );
}
