/** The messages namespace in English: messages from staff to participants (issue 12). */
const texts = {};

export type MessagesTexts = typeof texts;
export default texts;
