/** The documents namespace in English: participant documents and e-signature (issue 12). */
const texts = {};

export type DocumentsTexts = typeof texts;
export default texts;
