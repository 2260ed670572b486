/**
 * Analytics dashboards (issue 13): menu labels, chart titles, axis and consent labels, screen-failure groups and the
 * telehealth tooltip (002 §2, §9; checklist G-021…G-042, G-071…G-080). `en` holds the spec's exact texts. Registered
 * through `@trialpath/domain/staff-messages`: only the server and the staff portal draw charts.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const ANALYTICS_MESSAGES = {
  // ── menu labels (G-021…G-029) ───────────────────────────────────────────────────────────────
  'analytics.menu.home': { en: 'Home', es: 'Inicio' },
  'analytics.menu.enrollment': { en: 'Enrollment', es: 'Inscripción' },
  'analytics.menu.dashboards': { en: 'Dashboards', es: 'Paneles' },
  'analytics.menu.recruitment': { en: 'Recruitment', es: 'Reclutamiento' },
  'analytics.menu.econsents': { en: 'eConsents', es: 'Consentimientos electrónicos' },
  'analytics.menu.analytics': { en: 'Analytics', es: 'Analítica' },
  'analytics.menu.participantStatus': { en: 'Participant Status', es: 'Estado de los participantes' },
  'analytics.menu.content': { en: 'Content', es: 'Contenido' },
  'analytics.menu.dataCollection': { en: 'Data Collection', es: 'Recogida de datos' },

  // ── chart titles (G-030…G-042) ──────────────────────────────────────────────────────────────
  'analytics.chart.econsentVsUploaded': {
    en: 'E-Consent vs Uploaded',
    es: 'Consentimiento electrónico frente a documento subido',
  },
  'analytics.chart.econsentModeProportion': {
    en: 'E-Consent Mode Proportion',
    es: 'Proporción por modo de consentimiento electrónico',
  },
  'analytics.chart.quizCompletionProportion': {
    en: 'Quiz Completion Proportion',
    es: 'Proporción de cuestionarios completados',
  },
  'analytics.chart.topSitesMostActiveParticipants': {
    en: 'Top Sites with Most Active Participants',
    es: 'Centros con más participantes activos',
  },
  'analytics.chart.statusAnalytics': { en: 'Status Analytics', es: 'Análisis de estados' },
  'analytics.chart.totalWithdrawParticipant': {
    en: 'Total Withdraw Participant',
    es: 'Total de participantes retirados',
  },
  'analytics.chart.top10Withdrawal': { en: 'Top 10 Withdrawal', es: 'Los 10 principales motivos de retirada' },
  'analytics.chart.participantPercentCompleted': {
    en: 'Participant Percent Completed',
    es: 'Porcentaje completado por participante',
  },
  'analytics.chart.activityCompletionOverview': {
    en: 'Activity Completion Overview',
    es: 'Resumen de actividades completadas',
  },
  'analytics.chart.scheduledActivityCompletionByParticipants': {
    en: 'Scheduled Activity Completion by Participants',
    es: 'Actividades programadas completadas por los participantes',
  },
  // G-040: monthly enrollment by month in study
  'analytics.chart.enrollmentAnalytics': { en: 'Enrollment Analytics', es: 'Análisis de inscripción' },
  'analytics.chart.top5Country': { en: 'Top 5 Country', es: 'Los 5 países principales' },
  'analytics.chart.top5Site': { en: 'Top 5 Site', es: 'Los 5 centros principales' },

  // ── axis labels (G-073…G-077) ───────────────────────────────────────────────────────────────
  'analytics.axis.numberOfDays': { en: 'Number of Days', es: 'Número de días' },
  'analytics.axis.studySites': { en: 'Study Sites', es: 'Centros del estudio' },
  'analytics.axis.percentageOfCompletion': { en: 'Percentage of Completion', es: 'Porcentaje de finalización' },
  'analytics.axis.numberOfParticipants': { en: 'Number of Participants', es: 'Número de participantes' },
  'analytics.axis.screenFailureReason': { en: 'Screen Failure Reason', es: 'Motivo del fallo de selección' },

  // ── consent chart labels (G-078…G-080) ──────────────────────────────────────────────────────
  'analytics.consent.unsigned': { en: 'Unsigned', es: 'Sin firmar' },
  'analytics.consent.participantSigned': { en: 'Participant Signed', es: 'Firmado por el participante' },
  'analytics.consent.piAndParticipantSigned': {
    en: 'PI and Participant Signed',
    es: 'Firmado por el IP y el participante',
  },

  // ── screen-failure groups, in the spec's order (G-072; chart-rules.ts SCREEN_FAILURE_GROUPS) ──────────
  'analytics.screenFailure.screenFailure': { en: 'Screen Failure', es: 'Fallo de selección' },
  'analytics.screenFailure.inclusion': {
    en: 'Failure to meet Inclusion Criteria',
    es: 'No cumple los criterios de inclusión',
  },
  // the spec's wording; what it means is that an exclusion criterion applies, which the Spanish says plainly
  'analytics.screenFailure.exclusion': {
    en: 'Failure to meet Exclusion Criteria',
    es: 'Cumple algún criterio de exclusión',
  },
  'analytics.screenFailure.consentWithdrawn': {
    en: 'Participant withdrew consent',
    es: 'El participante retiró el consentimiento',
  },
  'analytics.screenFailure.other': { en: 'Other', es: 'Otro' },

  // ── telehealth tooltip: call minutes (G-071) ────────────────────────────────────────────────
  'analytics.telehealth.max': { en: 'Max', es: 'Máx.' },
  'analytics.telehealth.avg': { en: 'Avg', es: 'Media' },
  'analytics.telehealth.min': { en: 'Min', es: 'Mín.' },
  // an abbreviation on purpose: the same in both languages and right for 1 as for 12
  'analytics.telehealth.minutes': { en: '{minutes} min', es: '{minutes} min' },

  // ── saved reports (issue 13, decision G-reports): column names and refusals ────────────────────
  'reports.field.participantId': { en: 'Participant ID', es: 'ID del participante' },
  'reports.field.site': { en: 'Site', es: 'Centro' },
  'reports.field.country': { en: 'Country', es: 'País' },
  'reports.field.status': { en: 'Status', es: 'Estado' },
  'reports.field.source': { en: 'Enrolment source', es: 'Origen de la inscripción' },
  'reports.field.registrationDate': { en: 'Registration date', es: 'Fecha de registro' },
  'reports.field.consentState': { en: 'eConsent', es: 'Consentimiento electrónico' },
  'reports.field.tasksCompleted': { en: 'Tasks completed', es: 'Tareas completadas' },
  'reports.field.tasksTotal': { en: 'Tasks', es: 'Tareas' },
  'reports.field.completion': { en: 'Completion (%)', es: 'Finalización (%)' },
  'reports.activityColumn': { en: '{title} (completed/tasks)', es: '{title} (completadas/tareas)' },
  'reports.visitPacket': { en: 'Visit packet', es: 'Paquete de visita' },
  'reports.notFound': { en: 'This report does not exist (any more).', es: 'Este informe no existe (ya).' },
  'reports.notYours': {
    en: 'Only the person who made this report can change or delete it.',
    es: 'Solo quien creó este informe puede cambiarlo o eliminarlo.',
  },
  'reports.changedSince': {
    en: 'Someone changed this report since you opened it. Reload it to see their change.',
    es: 'Alguien cambió este informe después de que lo abriera. Vuelva a cargarlo para ver el cambio.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type AnalyticsMessageKey = keyof typeof ANALYTICS_MESSAGES;

registerMessages(ANALYTICS_MESSAGES);
