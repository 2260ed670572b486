/** Analytics dashboards (issue 13): chart rules, site date charts, colours and CSV export. */
export * from './chart-rules';
export * from './site-dates';
export * from './palette';
export * from './csv';
export * from './consent-summary';
