/** The legal namespace in English: the legal pages. */
const texts = {
  legal: {
    updated: 'Last updated: 1 January 2026',
  },
} as const;

export default texts;
