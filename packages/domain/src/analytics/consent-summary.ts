/**
 * Consent analytics (002 §3; checklist G-047…G-049): the quiz's derived counts per site, and which site leads in
 * eConsents and in uploaded consents. The server counts (decision G-analytics-calls); these derive what the charts show.
 */
import { compareNames } from './chart-rules';

/** G-047: a site's quiz facts as the server gives them. */
export interface QuizFacts {
  quizQompletion: number;
  quizAttempts: number;
}

/** G-047: total = attempts, completed = passed, incompleted = the rest, percentage of attempts passed (rounded). */
export interface QuizCompletion {
  total: number;
  completed: number;
  incompleted: number;
  percentage: number;
}

const whole = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

export function quizCompletion(f: QuizFacts): QuizCompletion {
  const total = whole(f.quizAttempts);
  const completed = Math.min(whole(f.quizQompletion), total);
  return {
    total,
    completed,
    incompleted: total - completed,
    percentage: total ? Math.round((completed * 100) / total) : 0,
  };
}

/** G-048: the counts of one consent type at a site. */
export interface ConsentStateCounts {
  unsigned: number;
  participantSigned: number;
  piAndParticipantSigned: number;
}

/** G-049: the site with the most signed consents of a type, and its share of that type's signed consents. */
export interface ConsentLeader {
  site: string;
  percentage: number;
}

export interface ConsentSummary {
  mostEconsent: ConsentLeader | null;
  mostUploaded: ConsentLeader | null;
}

const signed = (c: ConsentStateCounts) => whole(c.participantSigned) + whole(c.piAndParticipantSigned);

function leader(rows: readonly { site: string; counts: ConsentStateCounts }[]): ConsentLeader | null {
  const total = rows.reduce((n, r) => n + signed(r.counts), 0);
  if (!total) return null;
  // the most signed; a tie goes to the name first in order (the bars' own rule, G-063)
  const best = [...rows].sort((a, b) => signed(b.counts) - signed(a.counts) || compareNames(a.site, b.site))[0]!;
  return { site: best.site, percentage: Math.round((signed(best.counts) * 100) / total) };
}

/** G-049: which site leads in signed eConsents and in signed uploaded consents. */
export function consentSummary(
  sites: readonly { site: string; econsent: ConsentStateCounts; uploaded: ConsentStateCounts }[],
): ConsentSummary {
  return {
    mostEconsent: leader(sites.map((s) => ({ site: s.site, counts: s.econsent }))),
    mostUploaded: leader(sites.map((s) => ({ site: s.site, counts: s.uploaded }))),
  };
}
