import { type Answer, messageText, type Question, type QuestionType, type RuleMessage } from '@trialpath/domain';
import type { ReactNode } from 'react';
import type { QuestionLabels } from './labels';

/** What every per-type field gets from QuestionField. */
export interface TypeFieldProps<Q extends Question = Question> {
  question: Q;
  /** The answer in the domain's shape (AnswerSchema); undefined when there is none. */
  value: Answer | undefined;
  onChange: (value: Answer | undefined) => void;
  /** The question's text in the language (the field's accessible name). */
  label: string;
  language: string;
  labels: QuestionLabels;
  /** Base of the ids of the field's parts (Mantine derives `${id}-label`, `${id}-error`). */
  id: string;
  /** The messages that belong to the question as a whole, as text. */
  error?: ReactNode;
  /** The messages of one part of the answer (a RuleMessage's `field`: `otherText`, `date`, `medication.0.name`). */
  fieldError: (field: string) => string | undefined;
  required: boolean;
  disabled?: boolean;
}

// the parts of an answer a type draws an input of its own for; any other message is the question's
const PART_FIELDS: Partial<Record<QuestionType, RegExp>> = {
  MultiChoice: /^otherText$/,
  Boolean: /^otherText$/,
  CustomScale: /^otherText$/,
  DropDown: /^otherText$/,
  DateTime: /^(date|time)$/,
  Medication: /^medication\.\d+\.\w+$/,
};

/** The domain's messages split into the question's own and those of its parts, as text. */
export function splitMessages(type: QuestionType, messages: readonly RuleMessage[], lang: string) {
  const main: string[] = [];
  const parts = new Map<string, string[]>();
  const partField = PART_FIELDS[type];
  for (const m of messages) {
    const text = messageText(m, lang);
    if (m.field && partField?.test(m.field)) parts.set(m.field, [...(parts.get(m.field) ?? []), text]);
    else main.push(text);
  }
  return { main, part: (field: string) => parts.get(field)?.join(' ') };
}

/** Several messages, one per line (a single one as plain text). */
export function messageLines(lines: readonly string[]): ReactNode {
  if (lines.length === 0) return undefined;
  if (lines.length === 1) return lines[0];
  return [...new Set(lines)].map((l) => (
    <span key={l} style={{ display: 'block' }}>
      {l}
    </span>
  ));
}

/** The typed text of an answer as it is in the input (not trimmed: the participant is still typing). */
export function typedText(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'number' ? String(v) : v;
}

/** An answer without its empty fields, or undefined when nothing is left (an empty input is no answer). */
export function compactAnswer(a: Answer): Answer | undefined {
  const out: Answer = {};
  let any = false;
  for (const [k, v] of Object.entries(a) as [keyof Answer, Answer[keyof Answer]][]) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    (out as Record<string, unknown>)[k] = v;
    any = true;
  }
  return any ? out : undefined;
}
