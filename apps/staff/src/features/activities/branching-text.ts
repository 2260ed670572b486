/**
 * Branching rules as sentences (C-031 review, the builder): "If Q3 = Yes, skip to Q7". A choice rule's
 * value is an option id, shown as the option's text; `between` of a choice reads its options' scores;
 * `ot` is "otherwise". The words come from the feature's texts, the option texts from the activity.
 */
import { isChoiceType, localize, optionsOf, type Question, type QuestionType, SKIP_TO_END } from '@trialpath/domain';
import type { TFunction } from 'i18next';

export interface RuleLike {
  operator: string;
  value?: string | number;
  singleValue?: string | number;
  startValue?: string | number;
  endValue?: string | number;
  skipTo?: string;
}

export interface QuestionLike {
  identifier: string;
  type: string;
  options?: Question['options'];
  otherOptionId?: string;
  otherOptionBody?: Question['otherOptionBody'];
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** A choice rule's value as its option's text in the language (its id when the option is gone). */
function choiceValue(q: QuestionLike, id: string, lang: string): string {
  if (q.otherOptionId && id === q.otherOptionId) return localize(q.otherOptionBody, lang) || id;
  const option = optionsOf({ ...q, options: q.options ?? [] } as Question).find((o) => o.id === id);
  return option ? localize(option.body, lang) || id : id;
}

export function ruleSentence(t: TFunction, q: QuestionLike, rule: RuleLike, lang: string): string {
  const target = !rule.skipTo ? '…' : rule.skipTo === SKIP_TO_END ? t('branching.end') : rule.skipTo;
  const choice = isChoiceType(q.type as QuestionType);
  switch (rule.operator) {
    case 'eq': {
      const raw = text(choice ? (rule.value ?? rule.singleValue) : (rule.singleValue ?? rule.value));
      const value = choice && raw ? choiceValue(q, raw, lang) : raw || '…';
      return t('branching.sentenceEq', { question: q.identifier, value, target });
    }
    case 'between': {
      const values = {
        question: q.identifier,
        start: text(rule.startValue) || '…',
        end: text(rule.endValue) || '…',
        target,
      };
      return choice ? t('branching.sentenceScoreBetween', values) : t('branching.sentenceBetween', values);
    }
    default:
      return t('branching.sentenceOtherwise', { question: q.identifier, target });
  }
}
