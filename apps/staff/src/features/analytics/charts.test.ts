import '@trialpath/domain/staff-messages';
import { type MessageKey, translate } from '@trialpath/domain';
import { describe, expect, it } from 'vitest';
import { buildChart, type ChartTexts, monthsInStudy } from './charts';
import { FACTS } from './fixture.test-data';
import { analyticsQuery, filtersFromSearch, NO_FILTERS, searchWithFilters } from './filters';
import { ANALYTICS_MENU, ANALYTICS_SCREENS, SCREEN_CHARTS } from './screens';

// staff texts as their keys (with parameters), the catalogue in English: the spec's exact words are asserted
const texts: ChartTexts = {
  msg: (key: MessageKey) => translate(key, undefined, 'en'),
  t: (key, options) => (options && 'defaultValue' in options ? String(options.defaultValue) : key),
};
const chart = (id: Parameters<typeof buildChart>[0], range = {}) => buildChart(id, FACTS, texts, range);

describe('the dashboard charts (G-030…G-042)', () => {
  it('carry the spec’s titles and axis labels', () => {
    expect(chart('statusAnalytics').title).toBe('Status Analytics');
    expect(chart('top5Country').title).toBe('Top 5 Country');
    expect(chart('top5Site').header).toEqual(['Study Sites', 'Number of Participants']);
    expect(chart('enrollmentAnalytics').title).toBe('Enrollment Analytics');
    expect(chart('participantPercentCompleted').header).toEqual(['Percentage of Completion', 'Number of Participants']);
    expect(chart('screenFailureReasons').header[0]).toBe('Screen Failure Reason');
    expect(chart('fpiDays').header).toContain('Number of Days');
    expect(chart('econsentVsUploaded').header).toEqual([
      'charts.consentType',
      'Unsigned',
      'Participant Signed',
      'PI and Participant Signed',
    ]);
  });

  it('every chart of the spec under its exact title (G-030…G-042)', () => {
    const titles = (
      [
        'econsentVsUploaded',
        'econsentModeProportion',
        'quizCompletionProportion',
        'topSitesMostActive',
        'statusAnalytics',
        'totalWithdraw',
        'top10Withdrawal',
        'participantPercentCompleted',
        'activityCompletionOverview',
        'scheduledActivityCompletion',
        'enrollmentAnalytics',
        'top5Country',
        'top5Site',
      ] as const
    ).map((id) => chart(id).title);
    expect(titles).toEqual([
      'E-Consent vs Uploaded',
      'E-Consent Mode Proportion',
      'Quiz Completion Proportion',
      'Top Sites with Most Active Participants',
      'Status Analytics',
      'Total Withdraw Participant',
      'Top 10 Withdrawal',
      'Participant Percent Completed',
      'Activity Completion Overview',
      'Scheduled Activity Completion by Participants',
      'Enrollment Analytics',
      'Top 5 Country',
      'Top 5 Site',
    ]);
  });

  it('top lists show 5 sites and 10 withdrawal reasons, ties by name (G-063, G-065, G-066)', () => {
    const many = {
      ...FACTS,
      sites: Array.from({ length: 7 }, (_, i) => ({ ...FACTS.sites[0]!, id: `s${i}`, name: `Site ${i}` })),
      statusBySite: Array.from({ length: 7 }, (_, i) => ({
        siteId: `s${i}`,
        status: 'ACTIVE' as const,
        participants: i % 3,
      })),
      withdrawalReasons: Array.from({ length: 12 }, (_, i) => ({
        reason: `R${String(i).padStart(2, '0')}`,
        participants: i,
      })),
    };
    expect(buildChart('top5Site', many, texts, {}).rows).toEqual([
      ['Site 2', 2],
      ['Site 5', 2],
      ['Site 1', 1],
      ['Site 4', 1],
      ['Site 0', 0],
    ]);
    const reasons = buildChart('top10Withdrawal', many, texts, {}).rows;
    expect(reasons).toHaveLength(10);
    expect(reasons[0]).toEqual(['R11', 11]);
  });

  it('counts participants per country and per site, highest first (G-063, G-065)', () => {
    expect(chart('top5Country').rows).toEqual([
      ['United States', 7],
      ['Spain', 5],
    ]);
    expect(chart('topSitesMostActive').rows).toEqual([
      ['Boston', 6],
      ['Madrid', 3],
    ]);
    expect(chart('totalWithdraw').rows).toEqual([
      ['Boston', 1],
      ['Madrid', 0],
    ]);
  });

  it('groups screen failures in the spec’s order, every group shown (G-072)', () => {
    expect(chart('screenFailureReasons').rows).toEqual([
      ['Screen Failure', 0],
      ['Failure to meet Inclusion Criteria', 2],
      ['Failure to meet Exclusion Criteria', 0],
      ['Participant withdrew consent', 0],
      ['Other', 0],
    ]);
  });

  it('numbers the months in study from the first registration, months without any included (G-040)', () => {
    expect(monthsInStudy(FACTS.enrolmentByMonth)).toEqual([
      { index: 1, month: '2026-01', participants: 3 },
      { index: 2, month: '2026-02', participants: 0 },
      { index: 3, month: '2026-03', participants: 7 },
    ]);
    expect(
      monthsInStudy([
        { month: '2025-12', participants: 1 },
        { month: '2026-01', participants: 2 },
      ]),
    ).toHaveLength(2);
  });

  it('shows completion in tenths in their order, with the rounded average (G-037, G-064)', () => {
    const c = chart('participantPercentCompleted');
    expect(c.rows[0]).toEqual(['0–9 %', 2]);
    expect(c.rows[9]).toEqual(['90–100 %', 4]);
    expect(c.subtitle).toBe('charts.averageCompletion');
    expect(chart('scheduledActivityCompletion').rows).toEqual([
      ['Daily diary', 75],
      ['Quality of life', 50],
    ]);
  });

  it('counts days from activation, negative when data came before (G-044, G-059), within the date range (G-058)', () => {
    expect(chart('firstDataDays').rows).toEqual([
      ['United States', 'Boston', '2026-01-01', '2026-03-02', 60, 'AN-04'],
      ['Spain', 'Madrid', '2026-03-10', '2026-03-04', -6, 'AN-08'],
    ]);
    expect(chart('fpiDays', { from: '2026-02-01' }).rows.map((r) => r[1])).toEqual(['Madrid']);
  });

  it('names the fastest site to a first participant and to first data, with the totals (G-046)', () => {
    const c = chart('fastestSites');
    // Boston: 14 days to its first participant, 60 to first data; Madrid: 0 and -6 (data before activation)
    expect(c.rows).toEqual([
      ['charts.fastestFpi', 'Spain', 'Madrid', '2026-03-10', '2026-03-10', 0],
      ['charts.fastestFirstData', 'Spain', 'Madrid', '2026-03-10', '2026-03-04', -6],
    ]);
    expect(c.subtitle).toBe('charts.fastestTotals');
    expect(chart('fastestSites', { to: '2026-02-28' }).rows.map((r) => r[2])).toEqual(['Boston']);
  });

  it('splits consents by type and state, and the quiz into passed and not (G-047, G-048)', () => {
    expect(chart('econsentVsUploaded').rows).toEqual([
      ['charts.econsent', 9, 1, 2],
      ['charts.uploaded', 1, 0, 1],
    ]);
    expect(chart('econsentModeProportion').rows).toEqual([
      ['charts.econsent', 3],
      ['charts.uploaded', 1],
    ]);
    expect(chart('quizCompletionProportion').rows).toEqual([
      ['charts.quizCompleted', 2],
      ['charts.quizIncompleted', 1],
    ]);
  });

  it('says when there is nothing to draw', () => {
    const none = { ...FACTS, statusBySite: [], datapointsBySite: [], enrolmentByMonth: [] };
    expect(buildChart('statusAnalytics', none, texts, {}).empty).toBe(true);
    expect(buildChart('datapointsBySite', none, texts, {}).empty).toBe(true);
    expect(buildChart('enrollmentAnalytics', none, texts, {}).empty).toBe(true);
    expect(chart('datapointsBySite').empty).toBe(false);
  });
});

describe('the screens and their menu (G-003…G-016, G-021…G-029)', () => {
  it('every screen has charts, and the menu reaches every screen once', () => {
    for (const s of ANALYTICS_SCREENS) expect(SCREEN_CHARTS[s].length).toBeGreaterThan(0);
    const reached = ANALYTICS_MENU.flatMap((m) => (m.screens === 'dashboard' ? [] : m.screens));
    expect([...reached].sort()).toEqual([...ANALYTICS_SCREENS].sort());
    expect(ANALYTICS_MENU.map((m) => translate(`analytics.menu.${m.label}` as MessageKey, undefined, 'en'))).toEqual([
      'Home',
      'Dashboards',
      'Enrollment',
      'Recruitment',
      'eConsents',
      'Participant Status',
      'Analytics',
      'Data Collection',
      'Content',
    ]);
  });
});

describe('the filters in the address (G-019, G-020)', () => {
  it('read and write the same names as the call, none meaning all', () => {
    const f = filtersFromSearch(new URLSearchParams('countryIds=es&siteIds=a,b&fromDate=2026-03-01&toDate=bad'));
    expect(f).toEqual({
      countryIds: ['ES'],
      siteIds: ['a', 'b'],
      participantsIds: [],
      fromDate: '2026-03-01',
      toDate: '',
    });
    expect(analyticsQuery(f)).toEqual({ countryIds: 'ES', siteIds: 'a,b', fromDate: '2026-03-01' });
    expect(analyticsQuery(NO_FILTERS)).toEqual({});
    const kept = searchWithFilters(new URLSearchParams('tab=x&siteIds=a'), { ...NO_FILTERS, countryIds: ['ES'] });
    expect(kept.toString()).toBe('tab=x&countryIds=ES');
  });
});
