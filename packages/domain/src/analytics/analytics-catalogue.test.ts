import { describe, expect, it } from 'vitest';
import '../messages/staff-messages';
import { ANALYTICS_MESSAGES } from '../messages/analytics-catalogue';
import { isMessageKey, translate } from '../messages/translate';
import { SCREEN_FAILURE_GROUPS, SCREEN_FAILURE_GROUP_KEYS } from './index';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
type Key = keyof typeof ANALYTICS_MESSAGES;

describe('analytics texts: the spec’s English, exactly', () => {
  it.each([
    // G-021…G-029 menu labels
    ['analytics.menu.home', 'Home'],
    ['analytics.menu.enrollment', 'Enrollment'],
    ['analytics.menu.dashboards', 'Dashboards'],
    ['analytics.menu.recruitment', 'Recruitment'],
    ['analytics.menu.econsents', 'eConsents'],
    ['analytics.menu.analytics', 'Analytics'],
    ['analytics.menu.participantStatus', 'Participant Status'],
    ['analytics.menu.content', 'Content'],
    ['analytics.menu.dataCollection', 'Data Collection'],
    // G-030…G-042 chart titles
    ['analytics.chart.econsentVsUploaded', 'E-Consent vs Uploaded'],
    ['analytics.chart.econsentModeProportion', 'E-Consent Mode Proportion'],
    ['analytics.chart.quizCompletionProportion', 'Quiz Completion Proportion'],
    ['analytics.chart.topSitesMostActiveParticipants', 'Top Sites with Most Active Participants'],
    ['analytics.chart.statusAnalytics', 'Status Analytics'],
    ['analytics.chart.totalWithdrawParticipant', 'Total Withdraw Participant'],
    ['analytics.chart.top10Withdrawal', 'Top 10 Withdrawal'],
    ['analytics.chart.participantPercentCompleted', 'Participant Percent Completed'],
    ['analytics.chart.activityCompletionOverview', 'Activity Completion Overview'],
    ['analytics.chart.scheduledActivityCompletionByParticipants', 'Scheduled Activity Completion by Participants'],
    ['analytics.chart.enrollmentAnalytics', 'Enrollment Analytics'],
    ['analytics.chart.top5Country', 'Top 5 Country'],
    ['analytics.chart.top5Site', 'Top 5 Site'],
    // G-073…G-077 axis labels
    ['analytics.axis.numberOfDays', 'Number of Days'],
    ['analytics.axis.studySites', 'Study Sites'],
    ['analytics.axis.percentageOfCompletion', 'Percentage of Completion'],
    ['analytics.axis.numberOfParticipants', 'Number of Participants'],
    ['analytics.axis.screenFailureReason', 'Screen Failure Reason'],
    // G-078…G-080 consent labels
    ['analytics.consent.unsigned', 'Unsigned'],
    ['analytics.consent.participantSigned', 'Participant Signed'],
    ['analytics.consent.piAndParticipantSigned', 'PI and Participant Signed'],
    // G-072 screen-failure groups
    ['analytics.screenFailure.screenFailure', 'Screen Failure'],
    ['analytics.screenFailure.inclusion', 'Failure to meet Inclusion Criteria'],
    ['analytics.screenFailure.exclusion', 'Failure to meet Exclusion Criteria'],
    ['analytics.screenFailure.consentWithdrawn', 'Participant withdrew consent'],
    ['analytics.screenFailure.other', 'Other'],
    // G-071 telehealth tooltip
    ['analytics.telehealth.max', 'Max'],
    ['analytics.telehealth.avg', 'Avg'],
    ['analytics.telehealth.min', 'Min'],
  ] as [Key, string][])('%s', (key, text) => {
    expect(ANALYTICS_MESSAGES[key].en).toBe(text);
    expect(translate(key)).toBe(text);
  });

  it('tooltip minutes in both languages', () => {
    expect(translate('analytics.telehealth.minutes', { minutes: 12 })).toBe('12 min');
    expect(translate('analytics.telehealth.minutes', { minutes: 12 }, 'es')).toBe('12 min');
  });
});

describe('analytics texts: Spanish', () => {
  it.each(Object.entries(ANALYTICS_MESSAGES))('%s has a Spanish text with the same placeholders', (_, entry) => {
    expect(entry.es.trim()).not.toBe('');
    expect(placeholders(entry.es)).toEqual(placeholders(entry.en));
  });

  it('joins the catalogue through staff-messages', () => {
    expect(translate('analytics.axis.numberOfDays', undefined, 'es')).toBe('Número de días');
    expect(translate('analytics.screenFailure.other', undefined, 'es')).toBe('Otro');
  });

  it('every screen-failure group label is a catalogue key', () => {
    for (const group of SCREEN_FAILURE_GROUPS) expect(isMessageKey(SCREEN_FAILURE_GROUP_KEYS[group])).toBe(true);
  });
});
