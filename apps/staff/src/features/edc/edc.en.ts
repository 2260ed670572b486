/** The edc namespace in English: edc: site data entry of data capture forms (issue 12). */
const texts = {};

export type EdcTexts = typeof texts;
export default texts;
