/**
 * Each dashboard chart built from the analytics call's facts (decision G-analytics-screens): its title (the spec's,
 * G-030…G-042), its table (header and rows, also its CSV), and its ECharts option, by the domain's chart rules.
 */
import type { StudyAnalytics } from '@trialpath/contract';
import {
  DASHBOARD_TOP,
  fastestSummary,
  groupScreenFailureReasons,
  quizCompletion,
  roundAverage,
  SCREEN_FAILURE_VISIBLE_PLOTS,
  type MessageKey,
  type SiteDateMode,
  siteDateRows,
  sortBars,
  TOP_WITHDRAWAL_REASONS,
  topN,
} from '@trialpath/domain';
import type { ChartCell } from './chart/ChartCard';
import { barOption, type ChartOption, lineOption, pieOption, stackedBarOption } from './chart/chart-options';
import type { ChartId } from './screens';

export interface ChartTexts {
  /** A text of the analytics catalogue (titles, axes, consent labels; the spec's words). */
  msg: (key: MessageKey) => string;
  /** A staff text (analytics namespace, or `participants:` for statuses and reasons). */
  t: (key: string, options?: Record<string, unknown>) => string;
}

export interface BuiltChart {
  id: ChartId;
  title: string;
  subtitle?: string;
  header: string[];
  rows: ChartCell[][];
  option: ChartOption;
  empty: boolean;
}

type Facts = StudyAnalytics;
const ACTIVE = ['ACTIVE', 'ACTIVEWMODIFICATION', 'ACTIVEWITHOUTAPP'];
const WITHDRAWN = ['WITHDRAWSTUDY', 'WITHDRAWCONSENT'];

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function perSite(f: Facts, statuses?: readonly string[]) {
  return f.sites.map((s) => ({
    name: s.name,
    value: sum(
      f.statusBySite
        .filter((r) => r.siteId === s.id && (!statuses || statuses.includes(r.status)))
        .map((r) => r.participants),
    ),
  }));
}

function perCountry(f: Facts) {
  const out = new Map<string, number>();
  for (const s of f.sites) {
    const n = sum(f.statusBySite.filter((r) => r.siteId === s.id).map((r) => r.participants));
    out.set(s.countryName, (out.get(s.countryName) ?? 0) + n);
  }
  return [...out].map(([name, value]) => ({ name, value }));
}

/** A bar chart of named counts, its table in the bars' order. */
function bars(
  id: ChartId,
  title: string,
  items: { name: string; value: number }[],
  axes: { value: string; category: string },
  options: { keepOrder?: boolean; visiblePlots?: number; subtitle?: string } = {},
): BuiltChart {
  const shown = options.keepOrder
    ? items
    : sortBars(
        items,
        (b) => b.value,
        (b) => b.name,
      );
  return {
    id,
    title,
    subtitle: options.subtitle,
    header: [axes.category, axes.value],
    rows: shown.map((b) => [b.name, b.value]),
    option: barOption({
      bars: shown,
      keepOrder: options.keepOrder,
      valueAxisLabel: axes.value,
      categoryAxisLabel: axes.category,
      visiblePlots: options.visiblePlots,
    }),
    empty: items.every((b) => !b.value),
  };
}

/** G-044: each site's date record, per country and site. */
const siteDateRecords = (f: Facts) =>
  f.sites.map((s) => {
    const d = f.siteDates.find((r) => r.siteId === s.id);
    return {
      country: s.countryName,
      site: s.name,
      activeDate: s.activeDate,
      fpi: d?.fpi,
      firstData: d?.firstData,
      firstDataParticipant: d?.firstDataParticipant,
    };
  });

/** G-046: how many sites have each date, and the fastest of each (fewest days from activation). */
function fastestSites(f: Facts, x: ChartTexts, range: { from?: string; to?: string }): BuiltChart {
  const summary = fastestSummary(siteDateRecords(f), range);
  const days = x.msg('analytics.axis.numberOfDays');
  const modes = [
    [x.t('charts.fastestFpi'), summary.fastestFpi],
    [x.t('charts.fastestFirstData'), summary.fastestFirstData],
  ] as const;
  const shown = modes.filter(([, site]) => site !== null);
  return {
    id: 'fastestSites',
    title: x.t('charts.fastestSites'),
    subtitle: x.t('charts.fastestTotals', { fpi: summary.totalFpi, firstData: summary.totalFirstData }),
    header: [
      x.t('charts.measure'),
      x.t('charts.country'),
      x.msg('analytics.axis.studySites'),
      x.t('charts.activeDate'),
      x.t('charts.date'),
      days,
    ],
    rows: shown.map(([label, s]) => [label, s!.country, s!.site, s!.activeDate, s!.date, s!.days]),
    option: barOption({
      bars: shown.map(([label, s]) => ({ name: `${label}: ${s!.site}`, value: s!.days })),
      keepOrder: true,
      valueAxisLabel: days,
      categoryAxisLabel: x.msg('analytics.axis.studySites'),
      horizontal: true,
    }),
    empty: shown.length === 0,
  };
}

function siteDays(f: Facts, x: ChartTexts, mode: SiteDateMode, range: { from?: string; to?: string }): BuiltChart {
  const rows = siteDateRows(siteDateRecords(f), mode, range);
  const days = x.msg('analytics.axis.numberOfDays');
  const sites = x.msg('analytics.axis.studySites');
  return {
    id: mode === 'fpi' ? 'fpiDays' : 'firstDataDays',
    title: mode === 'fpi' ? x.t('charts.fpiDays') : x.t('charts.firstDataDays'),
    header: [
      x.t('charts.country'),
      sites,
      x.t('charts.activeDate'),
      x.t('charts.date'),
      days,
      x.t('charts.participant'),
    ],
    rows: rows.map((r) => [r.country, r.site, r.activeDate, r.date, r.numDays, r.firstParticipant]),
    option: barOption({
      bars: rows.map((r) => ({ name: r.site, value: r.numDays })),
      valueAxisLabel: days,
      categoryAxisLabel: sites,
      horizontal: true,
    }),
    empty: rows.length === 0,
  };
}

const CONSENT_STATES = [
  ['unsigned', 'analytics.consent.unsigned'],
  ['participantSigned', 'analytics.consent.participantSigned'],
  ['piAndParticipantSigned', 'analytics.consent.piAndParticipantSigned'],
] as const;

export function buildChart(id: ChartId, f: Facts, x: ChartTexts, range: { from?: string; to?: string }): BuiltChart {
  const participants = x.msg('analytics.axis.numberOfParticipants');
  const sites = x.msg('analytics.axis.studySites');
  switch (id) {
    case 'queryCounts': {
      const q = f.queries;
      const built = bars(
        id,
        x.t('charts.queryCounts'),
        [
          { name: x.t('charts.queries.open'), value: q.queryOpen },
          { name: x.t('charts.queries.responded'), value: q.queryResponded },
          { name: x.t('charts.queries.closed'), value: q.queryClosed },
          { name: x.t('charts.queries.missing'), value: q.totalMissing },
        ],
        { value: x.t('charts.count'), category: x.t('charts.queries.kind') },
        { keepOrder: true },
      );
      // no query and nothing missing is a fact worth showing, not an absence of data
      return { ...built, empty: false };
    }
    case 'top5Country':
      return bars(
        id,
        x.msg('analytics.chart.top5Country'),
        topN(
          perCountry(f),
          DASHBOARD_TOP,
          (b) => b.value,
          (b) => b.name,
        ),
        {
          value: participants,
          category: x.t('charts.country'),
        },
      );
    case 'top5Site':
      return bars(
        id,
        x.msg('analytics.chart.top5Site'),
        topN(
          perSite(f),
          DASHBOARD_TOP,
          (b) => b.value,
          (b) => b.name,
        ),
        {
          value: participants,
          category: sites,
        },
      );
    case 'topSitesMostActive':
      return bars(
        id,
        x.msg('analytics.chart.topSitesMostActiveParticipants'),
        topN(
          perSite(f, ACTIVE),
          DASHBOARD_TOP,
          (b) => b.value,
          (b) => b.name,
        ),
        { value: participants, category: sites },
      );
    case 'totalWithdraw': {
      const items = perSite(f, WITHDRAWN);
      return bars(
        id,
        x.msg('analytics.chart.totalWithdrawParticipant'),
        items,
        { value: participants, category: sites },
        {
          subtitle: x.t('charts.totalOf', { count: sum(items.map((i) => i.value)) }),
        },
      );
    }
    case 'top10Withdrawal':
      return bars(
        id,
        x.msg('analytics.chart.top10Withdrawal'),
        topN(
          f.withdrawalReasons.map((r) => ({
            name: x.t(`participants:reasonCode.${r.reason}`, { defaultValue: r.reason }),
            value: r.participants,
          })),
          TOP_WITHDRAWAL_REASONS,
          (b) => b.value,
          (b) => b.name,
        ),
        { value: participants, category: x.t('charts.reason') },
      );
    case 'screenFailureReasons':
      return bars(
        id,
        x.t('charts.screenFailures'),
        groupScreenFailureReasons(f.screenFailureReasons.map((r) => ({ reason: r.reason, count: r.participants }))).map(
          (g) => ({ name: x.msg(g.key), value: g.count }),
        ),
        { value: participants, category: x.msg('analytics.axis.screenFailureReason') },
        { keepOrder: true, visiblePlots: SCREEN_FAILURE_VISIBLE_PLOTS },
      );
    case 'statusAnalytics': {
      const statuses = [...new Set(f.statusBySite.map((r) => r.status))];
      const count = (siteId: string, status: string) =>
        f.statusBySite.find((r) => r.siteId === siteId && r.status === status)?.participants ?? 0;
      const label = (s: string) => x.t(`participants:status.${s}`, { defaultValue: s });
      return {
        id,
        title: x.msg('analytics.chart.statusAnalytics'),
        header: [sites, ...statuses.map(label)],
        rows: f.sites.map((s) => [s.name, ...statuses.map((st) => count(s.id, st))]),
        option: stackedBarOption({
          categories: f.sites.map((s) => s.name),
          series: statuses.map((st) => ({ name: label(st), status: st, values: f.sites.map((s) => count(s.id, st)) })),
          valueAxisLabel: participants,
          categoryAxisLabel: sites,
        }),
        empty: f.statusBySite.length === 0,
      };
    }
    case 'enrollmentAnalytics': {
      const months = monthsInStudy(f.enrolmentByMonth);
      const monthAxis = x.t('charts.monthInStudy');
      return {
        id,
        title: x.msg('analytics.chart.enrollmentAnalytics'),
        subtitle: x.t('charts.enrollmentSubtitle'),
        header: [monthAxis, x.t('charts.month'), participants],
        rows: months.map((m) => [m.index, m.month, m.participants]),
        option: lineOption({
          points: months.map((m) => ({ x: x.t('charts.monthN', { n: m.index, month: m.month }), y: m.participants })),
          xAxisLabel: monthAxis,
          yAxisLabel: participants,
        }),
        empty: months.length === 0,
      };
    }
    case 'fastestSites':
      return fastestSites(f, x, range);
    case 'fpiDays':
      return siteDays(f, x, 'fpi', range);
    case 'firstDataDays':
      return siteDays(f, x, 'firstData', range);
    case 'econsentVsUploaded': {
      const total = (type: 'econsent' | 'uploaded', key: (typeof CONSENT_STATES)[number][0]) =>
        sum(f.consentsBySite.map((c) => c[type][key]));
      const types = [x.t('charts.econsent'), x.t('charts.uploaded')];
      return {
        id,
        title: x.msg('analytics.chart.econsentVsUploaded'),
        header: [x.t('charts.consentType'), ...CONSENT_STATES.map(([, k]) => x.msg(k))],
        rows: (['econsent', 'uploaded'] as const).map((type, i) => [
          types[i]!,
          ...CONSENT_STATES.map(([k]) => total(type, k)),
        ]),
        option: stackedBarOption({
          categories: types,
          series: CONSENT_STATES.map(([k, label]) => ({
            name: x.msg(label),
            values: (['econsent', 'uploaded'] as const).map((type) => total(type, k)),
          })),
          valueAxisLabel: participants,
          categoryAxisLabel: x.t('charts.consentType'),
        }),
        empty: f.consentsBySite.length === 0,
      };
    }
    case 'econsentModeProportion': {
      const signed = (type: 'econsent' | 'uploaded') =>
        sum(f.consentsBySite.map((c) => c[type].participantSigned + c[type].piAndParticipantSigned));
      const slices = [
        { name: x.t('charts.econsent'), value: signed('econsent') },
        { name: x.t('charts.uploaded'), value: signed('uploaded') },
      ];
      return pie(id, x.msg('analytics.chart.econsentModeProportion'), slices, x);
    }
    case 'quizCompletionProportion': {
      const q = quizCompletion({
        quizQompletion: sum(f.quizBySite.map((s) => s.quizQompletion)),
        quizAttempts: sum(f.quizBySite.map((s) => s.quizAttempts)),
      });
      return {
        ...pie(
          id,
          x.msg('analytics.chart.quizCompletionProportion'),
          [
            { name: x.t('charts.quizCompleted'), value: q.completed },
            { name: x.t('charts.quizIncompleted'), value: q.incompleted },
          ],
          x,
        ),
        subtitle: q.total ? x.t('charts.quizSubtitle', { percentage: q.percentage, total: q.total }) : undefined,
      };
    }
    case 'participantPercentCompleted': {
      const items = Array.from({ length: 10 }, (_, b) => ({
        name: b === 9 ? '90–100 %' : `${b * 10}–${b * 10 + 9} %`,
        value: f.completion.buckets.find((r) => r.bucket === b)?.participants ?? 0,
      }));
      const average = roundAverage(f.completion.average);
      return bars(
        id,
        x.msg('analytics.chart.participantPercentCompleted'),
        items,
        { value: participants, category: x.msg('analytics.axis.percentageOfCompletion') },
        {
          keepOrder: true,
          subtitle: average === null ? undefined : x.t('charts.averageCompletion', { average }),
        },
      );
    }
    case 'activityCompletionOverview': {
      const activities = [...new Set(f.tasksByActivity.map((r) => r.activityId))];
      const statuses = ['COMPLETED', 'SCHEDULED', 'EXPIRED'];
      const title = (a: string) =>
        f.tasksByActivity.find((r) => r.activityId === a)?.title || x.t('charts.visitPacket');
      const count = (a: string, st: string) =>
        sum(f.tasksByActivity.filter((r) => r.activityId === a && r.status === st).map((r) => r.tasks));
      const label = (st: string) => x.t(`charts.task.${st}`);
      return {
        id,
        title: x.msg('analytics.chart.activityCompletionOverview'),
        header: [x.t('charts.activity'), ...statuses.map(label)],
        rows: activities.map((a) => [title(a), ...statuses.map((st) => count(a, st))]),
        option: stackedBarOption({
          categories: activities.map(title),
          series: statuses.map((st) => ({ name: label(st), values: activities.map((a) => count(a, st)) })),
          valueAxisLabel: x.t('charts.tasks'),
          categoryAxisLabel: x.t('charts.activity'),
          horizontal: true,
        }),
        empty: activities.length === 0,
      };
    }
    case 'scheduledActivityCompletion': {
      const activities = [...new Set(f.tasksByActivity.map((r) => r.activityId))];
      const of = (a: string, pick: (s: string) => boolean) =>
        sum(f.tasksByActivity.filter((r) => r.activityId === a && pick(r.status)).map((r) => r.tasks));
      const items = activities.map((a) => {
        const counted = of(a, (s) => s !== 'WITHDRAWN');
        const done = of(a, (s) => s === 'COMPLETED');
        return {
          name: f.tasksByActivity.find((r) => r.activityId === a)?.title || x.t('charts.visitPacket'),
          value: counted ? Math.round((done * 100) / counted) : 0,
        };
      });
      return bars(id, x.msg('analytics.chart.scheduledActivityCompletionByParticipants'), items, {
        value: x.msg('analytics.axis.percentageOfCompletion'),
        category: x.t('charts.activity'),
      });
    }
    case 'datapointsBySite': {
      const name = (siteId: string) => f.sites.find((s) => s.id === siteId)?.name ?? siteId;
      const items = f.datapointsBySite.map((d) => ({ name: name(d.siteId), value: d.answers, responses: d.responses }));
      const built = bars(id, x.t('charts.datapoints'), items, { value: x.t('charts.answers'), category: sites });
      const sorted = sortBars(
        items,
        (b) => b.value,
        (b) => b.name,
      );
      return {
        ...built,
        header: [sites, x.t('charts.responses'), x.t('charts.answers')],
        rows: sorted.map((b) => [b.name, b.responses, b.value]),
      };
    }
  }
}

function pie(id: ChartId, title: string, slices: { name: string; value: number }[], x: ChartTexts): BuiltChart {
  return {
    id,
    title,
    header: [x.t('charts.kind'), x.t('charts.count')],
    rows: slices.map((s) => [s.name, s.value]),
    option: pieOption({ slices }),
    empty: slices.every((s) => !s.value),
  };
}

/** G-040: each calendar month from the first registration to the last, numbered from 1 (months without any: 0). */
export function monthsInStudy(byMonth: readonly { month: string; participants: number }[]) {
  const sorted = [...byMonth].sort((a, b) => a.month.localeCompare(b.month));
  if (!sorted.length) return [];
  const [fy, fm] = sorted[0]!.month.split('-').map(Number) as [number, number];
  const [ly, lm] = sorted.at(-1)!.month.split('-').map(Number) as [number, number];
  const count = (ly - fy) * 12 + (lm - fm) + 1;
  return Array.from({ length: count }, (_, i) => {
    const y = fy + Math.floor((fm - 1 + i) / 12);
    const m = ((fm - 1 + i) % 12) + 1;
    const month = `${y}-${String(m).padStart(2, '0')}`;
    return { index: i + 1, month, participants: sorted.find((r) => r.month === month)?.participants ?? 0 };
  });
}
