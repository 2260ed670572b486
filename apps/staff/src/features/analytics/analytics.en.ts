/** The analytics namespace in English (issue 13): the chart card's own texts; chart titles and axes are the domain's. */
const texts = {
  chart: {
    showTable: 'Show as table',
    hideTable: 'Hide table',
    downloadCsv: 'Download CSV',
    noData: 'No data for these filters',
    loading: 'Loading chart',
  },
};
export default texts;
export type AnalyticsTexts = typeof texts;
