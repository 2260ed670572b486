import { Box } from '@mantine/core';
import { pickText, stripUnsafeMarkup } from '@trialpath/domain';

/**
 * A study's rich text (the study build's editor output) in the participant's language, else the study's
 * default. Stored text is already cleaned on save; it is cleaned again here by the same rule.
 */
export function RichText({
  text,
  lang,
  defaultLanguage,
}: {
  text: Record<string, string>;
  lang: string;
  defaultLanguage: string;
}) {
  const html = stripUnsafeMarkup(pickText(text, lang, defaultLanguage));
  if (html.trim() === '') return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by stripUnsafeMarkup, the server's own rule (A-166)
  return <Box className="tp-rich" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A study's plain text (a heading, a label) in the participant's language, or the fallback. */
export function studyText(
  text: Record<string, string>,
  lang: string,
  defaultLanguage: string,
  fallback: string,
): string {
  return pickText(text, lang, defaultLanguage).trim() || fallback;
}
