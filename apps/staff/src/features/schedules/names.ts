/** How the schedules screens name the version's activities, packets and milestones. */
import type { ActivityListItem } from '@trialpath/contract';
import { type LocalizedText, localize, type SchedulePlan } from '@trialpath/domain';

/** An activity as a person recognises it: its identifier and its title in the interface language. */
export function activityLabel(a: ActivityListItem | undefined, id: string, lang: string): string {
  if (!a) return id;
  const title = localize(a.title, lang);
  return title && title !== a.identifier ? `${a.identifier} — ${title}` : a.identifier;
}

/** A text of the version in the interface language, else the study's default language, else any. */
export function textOf(text: LocalizedText | undefined, lang: string, languages: readonly string[]): string {
  if (!text) return '';
  const own = text[lang]?.trim();
  if (own) return own;
  for (const l of languages) if (text[l]?.trim()) return text[l]!.trim();
  return localize(text, lang);
}

/** The activities a plan schedules: directly, or as forms of a scheduled packet. */
export function scheduledActivityIds(plan: SchedulePlan): Set<string> {
  const packets = new Map(plan.packets.map((p) => [p.id, p]));
  const out = new Set<string>();
  for (const s of plan.schedules) {
    if (s.target.kind === 'activity') out.add(s.target.activityId);
    else for (const id of packets.get(s.target.packetId)?.activityIds ?? []) out.add(id);
  }
  return out;
}

/** The activities a plan names anywhere (schedules and packets): these cannot leave the version. */
export function usedActivityIds(plan: SchedulePlan): Set<string> {
  const out = new Set<string>();
  for (const s of plan.schedules) if (s.target.kind === 'activity') out.add(s.target.activityId);
  for (const p of plan.packets) for (const id of p.activityIds) out.add(id);
  return out;
}
