/** The queries namespace in English: data queries and the participant responses view (issue 12). */
const texts = {};

export type QueriesTexts = typeof texts;
export default texts;
