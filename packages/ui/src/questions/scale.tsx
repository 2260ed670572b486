import { Group, Input, Radio, Slider, Text } from '@mantine/core';
import {
  answerValue,
  type Label,
  localize,
  parseNumberInput,
  type QuestionOf,
  type ScaleConstraints,
  scaleLabelOf,
  scaleLabels,
  WONG_BAKER_VALUES,
} from '@trialpath/domain';
import { fill } from './labels';
import type { TypeFieldProps } from './parts';

/** More values than this do not fit a row of radios: the scale is drawn as a slider. */
const MAX_RADIOS = 21;

/** The text of the question's label for a value (labels are matched by number, as the builder sets them). */
function labelFor(labels: readonly Label[], value: number, lang: string): string | undefined {
  const hit = labels.find((l) => (typeof l.value === 'number' ? l.value : parseNumberInput(l.value)) === value);
  return hit ? localize(hit.text, lang) : undefined;
}

interface RadioRowProps extends TypeFieldProps {
  values: readonly string[];
  /** The value chosen, written as one of `values` (or null). */
  current: string | null;
}

/** A row of radios, each value with its label (if any) as the radio's description. */
function RadioRow(props: RadioRowProps) {
  const { values, current, question: q, onChange, label, language, id, error, required, disabled } = props;
  const invalid = error ? true : undefined;
  return (
    <Radio.Group
      id={id}
      label={label}
      error={error}
      withAsterisk={required}
      value={current}
      onChange={(v) => onChange({ answer: v })}
    >
      <Group gap="md" mt="xs" align="flex-start">
        {values.map((v) => (
          <Radio
            key={v}
            value={v}
            label={v}
            description={labelFor(q.labels, Number(v), language)}
            aria-invalid={invalid}
            disabled={disabled}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** A slider from min to max by step, with the min and max labels under it; unanswered until moved. */
function ScaleSlider(props: TypeFieldProps & { c: ScaleConstraints }) {
  const { c, question: q, value, onChange, label, language, labels, id, error, required, disabled } = props;
  const current = scaleLabelOf(c, answerValue(value));
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper id={id} label={label} error={error} withAsterisk={required} labelElement="div">
      <Slider
        mt="md"
        min={c.min}
        max={c.max}
        step={c.step}
        value={current === null ? c.min : Number(current)}
        // the domain's formatted label: 0.30000000000000004 is answered as 0.3
        onChange={(n) => onChange({ answer: scaleLabelOf(c, String(n)) ?? String(n) })}
        thumbLabel={label}
        thumbProps={{ 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined }}
        label={null}
        disabled={disabled}
      />
      <Group justify="space-between" mt={4}>
        <Text size="sm">{labelFor(q.labels, c.min, language) ?? c.min}</Text>
        <Text size="sm">{labelFor(q.labels, c.max, language) ?? c.max}</Text>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {current === null ? labels.noAnswer : fill(labels.currentValue, { value: current })}
      </Text>
    </Input.Wrapper>
  );
}

/** NumberScale: radios of the domain's scale labels, or a slider when there are too many. */
export function NumberScaleField(props: TypeFieldProps<QuestionOf<'NumberScale'>>) {
  const c = props.question.constraints;
  const values = scaleLabels(c);
  if (values.length > MAX_RADIOS) return <ScaleSlider {...props} c={c} />;
  return <RadioRow {...props} values={values} current={scaleLabelOf(c, answerValue(props.value))} />;
}

/** VAS: a slider with its min and max labels. */
export function VasField(props: TypeFieldProps<QuestionOf<'VAS'>>) {
  return <ScaleSlider {...props} c={props.question.constraints} />;
}

/** WongBaker: the six faces 0–10 as radios, with the question's labels. */
export function WongBakerField(props: TypeFieldProps<QuestionOf<'WongBaker'>>) {
  const values = WONG_BAKER_VALUES.map(String);
  const n = parseNumberInput(answerValue(props.value));
  const current = n !== null && values.includes(String(n)) ? String(n) : null;
  return <RadioRow {...props} values={values} current={current} />;
}
