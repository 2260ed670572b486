/**
 * Inputs bound to the form builder's values by path (react-hook-form's controller), each showing the
 * problem found on its path (the domain's check as typed, or the server's refusal).
 */
import { NumberInput, Select, type SelectProps, Switch, Textarea, TextInput } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';
import { useController } from 'react-hook-form';
import type { Issues } from './draft-values';

export const IssuesContext = createContext<Issues>({});
export const useIssues = () => useContext(IssuesContext);
export const useIssue = (path: string): string | undefined => useContext(IssuesContext)[path];

/** The languages an activity's texts are written in (its title's, at least English and Spanish). */
export const LanguagesContext = createContext<readonly string[]>(['en', 'es']);
export const useLanguages = () => useContext(LanguagesContext);

interface Common {
  name: string;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  w?: number | string;
  disabled?: boolean;
}

/** Text; `emptyAsMissing` stores an empty field as no value (optional fields). */
export function TextField(
  props: Common & {
    multiline?: boolean;
    emptyAsMissing?: boolean;
    maxLength?: number;
    onFocus?: () => void;
    onBlur?: () => void;
  },
) {
  const { field } = useController({ name: props.name });
  const error = useIssue(props.name);
  const shared = {
    label: props.label,
    description: props.description,
    placeholder: props.placeholder,
    value: (field.value as string | number | undefined) ?? '',
    error,
    w: props.w,
    disabled: props.disabled,
    maxLength: props.maxLength,
    onFocus: props.onFocus,
    onBlur: () => {
      field.onBlur();
      props.onBlur?.();
    },
  };
  const change = (text: string) => field.onChange(props.emptyAsMissing && text === '' ? undefined : text);
  return props.multiline ? (
    <Textarea {...shared} autosize minRows={2} onChange={(e) => change(e.currentTarget.value)} />
  ) : (
    <TextInput {...shared} onChange={(e) => change(e.currentTarget.value)} />
  );
}

/** A number, or none (an empty field); what is being typed ("-", "1.") stays as typed until it is a number. */
export function NumberField(props: Common & { allowDecimal?: boolean; min?: number; max?: number }) {
  const { field } = useController({ name: props.name });
  const error = useIssue(props.name);
  return (
    <NumberInput
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      value={(field.value as number | string | undefined) ?? ''}
      onChange={(v) => field.onChange(v === '' ? undefined : v)}
      onBlur={field.onBlur}
      allowDecimal={props.allowDecimal ?? true}
      min={props.min}
      max={props.max}
      error={error}
      w={props.w}
      disabled={props.disabled}
    />
  );
}

export function SwitchField(props: Common) {
  const { field } = useController({ name: props.name });
  return (
    <Switch
      label={props.label}
      description={props.description}
      checked={Boolean(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      error={useIssue(props.name)}
      disabled={props.disabled}
    />
  );
}

/** One of a list; `emptyAs` is stored when the choice is cleared (clearable selects). */
export function SelectField(
  props: Common & { data: SelectProps['data']; clearable?: boolean; onPicked?: (value: string | null) => void },
) {
  const { field } = useController({ name: props.name });
  const value = field.value === undefined || field.value === null ? null : String(field.value);
  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      data={props.data}
      value={value}
      onChange={(v) => {
        field.onChange(v ?? undefined);
        props.onPicked?.(v);
      }}
      allowDeselect={Boolean(props.clearable)}
      clearable={props.clearable}
      error={useIssue(props.name)}
      w={props.w}
      disabled={props.disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A short unique id for a new question, option, check or variable. */
export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** The first `<prefix><n>` not taken (n from `from`): Q9, o3, score2. */
export function nextName(prefix: string, taken: Iterable<string>, from = 1): string {
  const used = new Set(taken);
  let n = from;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}
