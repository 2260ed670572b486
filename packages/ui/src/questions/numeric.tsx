import { TextInput } from '@mantine/core';
import { allowedDecimals, type QuestionOf } from '@trialpath/domain';
import { compactAnswer, type TypeFieldProps, typedText } from './parts';

/**
 * Number, Integer, Decimal: typed as text (the domain decides what is a number, its places and its
 * bounds), with the keyboard that fits: digits only for a whole number that cannot be negative.
 */
export function NumberField(props: TypeFieldProps<QuestionOf<'Number' | 'Integer' | 'Decimal'>>) {
  const { question: q, value, onChange, label, id, error, required, disabled } = props;
  const c = q.constraints;
  const negative = c.allowNegative ?? (c.min !== undefined && c.min < 0);
  const whole = allowedDecimals(q.type, c) === 0;
  return (
    <TextInput
      id={id}
      label={label}
      inputMode={whole && !negative ? 'numeric' : 'decimal'}
      value={typedText(value?.answer)}
      onChange={(e) => onChange(compactAnswer({ answer: e.currentTarget.value }))}
      error={error}
      withAsterisk={required}
      autoComplete="off"
      disabled={disabled}
    />
  );
}
