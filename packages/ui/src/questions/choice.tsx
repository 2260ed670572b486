import { Checkbox, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { type Answer, allowsMultiple, chosenOptionIds, localize, optionsOf, type Question } from '@trialpath/domain';
import type { TypeFieldProps } from './parts';

/** The options a participant sees, the question's other option last. */
export function choiceItems(q: Question, lang: string, otherLabel: string): { value: string; label: string }[] {
  const items = optionsOf(q).map((o) => ({ value: o.id, label: localize(o.body, lang) }));
  if (q.otherOptionId) items.push({ value: q.otherOptionId, label: localize(q.otherOptionBody, lang) || otherLabel });
  return items;
}

/**
 * A choice answer in the domain's shape: `optionsIds` when the question takes several, else `optionId`;
 * the other option's text only while the other option is chosen (it would otherwise travel as answerText).
 */
export function choiceAnswer(q: Question, ids: readonly string[], otherText?: string | null): Answer | undefined {
  if (ids.length === 0) return undefined;
  const a: Answer = allowsMultiple(q) ? { optionsIds: [...ids] } : { optionId: ids[0] as string };
  if (q.otherOptionId && ids.includes(q.otherOptionId) && otherText) a.otherText = otherText;
  return a;
}

/** The other option's free-text field, when it is chosen and the question has one. */
function OtherText({ question: q, value, onChange, language, labels, fieldError, disabled }: TypeFieldProps) {
  const ids = chosenOptionIds(value);
  const hasField = q.otherOptionContentField || q.otherOptionCommentField;
  if (!q.otherOptionId || !hasField || !ids.includes(q.otherOptionId)) return null;
  const label = localize(q.otherOptionBody, language) || labels.other;
  return (
    <TextInput
      label={`${label}: ${labels.otherText}`}
      value={value?.otherText ?? ''}
      onChange={(e) => onChange(choiceAnswer(q, ids, e.currentTarget.value))}
      error={fieldError('otherText')}
      withAsterisk={!!q.otherOptionContentField}
      disabled={disabled}
    />
  );
}

/**
 * MultiChoice (single: radios, multi: checkboxes), Boolean (two radios, Yes/No by default) and
 * CustomScale (a row of radios). Radios and checkboxes carry aria-invalid; Mantine's group points
 * aria-describedby at the error.
 */
export function ChoiceField(props: TypeFieldProps) {
  const { question: q, value, onChange, label, language, labels, id, error, required, disabled } = props;
  const items = choiceItems(q, language, labels.other);
  const ids = chosenOptionIds(value);
  const invalid = error ? true : undefined;
  const row = q.type === 'Boolean' || q.type === 'CustomScale';
  const Layout = row ? Group : Stack;
  const group = allowsMultiple(q) ? (
    <Checkbox.Group
      id={id}
      label={label}
      error={error}
      withAsterisk={required}
      value={[...ids]}
      onChange={(next) => onChange(choiceAnswer(q, next, value?.otherText))}
    >
      <Stack gap="xs" mt="xs">
        {items.map((o) => (
          <Checkbox key={o.value} value={o.value} label={o.label} aria-invalid={invalid} disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  ) : (
    <Radio.Group
      id={id}
      label={label}
      error={error}
      withAsterisk={required}
      value={ids[0] ?? null}
      onChange={(next) => onChange(choiceAnswer(q, [next], value?.otherText))}
    >
      <Layout gap="md" mt="xs">
        {items.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} aria-invalid={invalid} disabled={disabled} />
        ))}
      </Layout>
    </Radio.Group>
  );
  return (
    <Stack gap="xs">
      {group}
      <OtherText {...props} />
    </Stack>
  );
}

/** DropDown: a select of the options (cleared only when the question is optional). */
export function DropDownField(props: TypeFieldProps) {
  const { question: q, value, onChange, label, language, labels, id, error, required, disabled } = props;
  return (
    <Stack gap="xs">
      <Select
        id={id}
        label={label}
        placeholder={labels.choose}
        data={choiceItems(q, language, labels.other)}
        value={chosenOptionIds(value)[0] ?? null}
        onChange={(next) => onChange(next ? choiceAnswer(q, [next], value?.otherText) : undefined)}
        error={error}
        withAsterisk={required}
        clearable={!required}
        allowDeselect={!required}
        disabled={disabled}
      />
      <OtherText {...props} />
    </Stack>
  );
}
