/**
 * Activities and packets as USDM Activities: one per activity, then one per packet whose childIds are
 * its forms. USDM keeps a name and a description; the definition (questions, translations, scoring)
 * travels whole in an extension attribute so an import gets it back unchanged.
 */
import { localize } from '../activity/model';
import { EXT, extension, type IdMaker } from './codes';
import type { StudyDesignExport } from './design';

/** Our activity and packet ids → their USDM Activity ids, and each one's name in the default language. */
export interface ActivityRefs {
  activity: Map<string, string>;
  packet: Map<string, string>;
  label: Map<string, string>;
}

export function exportActivities(design: StudyDesignExport, ids: IdMaker) {
  const lang = design.study.defaultLanguage;
  const refs: ActivityRefs = { activity: new Map(), packet: new Map(), label: new Map() };
  const { activities } = design;
  const { packets } = design.plan;
  const activityIds = activities.map((a) => {
    const id = ids.next('Activity');
    refs.activity.set(a.id, id);
    return id;
  });
  const packetIds = packets.map((p) => {
    const id = ids.next('Activity');
    refs.packet.set(p.id, id);
    return id;
  });
  const order = [...activityIds, ...packetIds];
  const links = (i: number) => ({ previousId: order[i - 1] ?? null, nextId: order[i + 1] ?? null });

  const out: Record<string, unknown>[] = activities.map((a, i) => {
    const title = localize(a.title, lang);
    const description = localize(a.description, lang);
    refs.label.set(activityIds[i]!, title || a.identifier);
    return {
      id: activityIds[i],
      extensionAttributes: [extension(ids, EXT.activity, a)],
      name: a.identifier,
      label: title || null,
      description: description || null,
      ...links(i),
      childIds: [],
      instanceType: 'Activity',
    };
  });
  packets.forEach((p, j) => {
    const name = localize(p.name, lang) || p.id;
    refs.label.set(packetIds[j]!, name);
    out.push({
      id: packetIds[j],
      extensionAttributes: [extension(ids, EXT.packet, p)],
      name,
      label: name,
      description: 'Packet: data capture forms site staff fill at one visit',
      ...links(activityIds.length + j),
      childIds: p.activityIds.flatMap((a) => refs.activity.get(a) ?? []),
      instanceType: 'Activity',
    });
  });
  return { activities: out, refs };
}
