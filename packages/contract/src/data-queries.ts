/** Data queries on site-entered and participant-reported answers, and the participant responses view (issue 12). */
export {};
