/** Field schemas the study content sections share: texts, file ids, colours, links. */
import { z } from 'zod';
import { type TextRules, TEXT_LIMITS, studyText } from './localized';

/** An uploaded file (logo, icon, image, video), by its id in the file store. */
export const FileIdSchema = z.string().uuid();

/** A colour as `#RRGGBB`. */
export const HexColorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

/** A web address participants open: http or https only. */
export const WebLinkSchema = z.url({ protocol: /^https?$/ }).max(2000);

export const EmailSchema = z.email().max(254);

/** The text fields of a section, made for one set of rules (shape only, or one study's languages). */
export function textKit(rules: TextRules) {
  return {
    /** A title or heading, required (items of a list need one to be told apart). */
    title: () => studyText({ max: TEXT_LIMITS.title, required: true }, rules),
    /** A title or heading that may stay empty. */
    optionalTitle: () => studyText({ max: TEXT_LIMITS.title }, rules).default({}),
    /** A short label (a button, an option), required. */
    label: () => studyText({ max: TEXT_LIMITS.label, required: true }, rules),
    optionalLabel: () => studyText({ max: TEXT_LIMITS.label }, rules).default({}),
    /** A sentence or two of plain text (a question), required. */
    short: () => studyText({ max: TEXT_LIMITS.short, required: true }, rules),
    optionalShort: () => studyText({ max: TEXT_LIMITS.short }, rules).default({}),
    /** Rich text from the editor (HTML, unsafe markup removed), may stay empty. */
    rich: () => studyText({ max: TEXT_LIMITS.rich, rich: true }, rules).default({}),
    /** A whole document in rich text (a consent form), may stay empty. */
    document: () => studyText({ max: TEXT_LIMITS.document, rich: true }, rules).default({}),
  };
}
export type TextKit = ReturnType<typeof textKit>;

/** A field that may be left empty: null by default. */
export function optionalValue<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}
