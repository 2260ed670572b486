/**
 * USDM Activities back to activities and packets. Trialpath's own carry their definition in an
 * extension attribute; another system's become surveys with a title and no questions (USDM describes
 * what is done, not the questions asked), and what they refer to (biomedical concepts, procedures,
 * sub-timelines) is reported as not mapped.
 */
import { type Activity, ActivitySchema } from '../activity/model';
import { type Packet, PacketSchema, type ScheduleTarget } from '../schedule/model';
import { EXT } from './codes';
import { extensionValue, type ImportReport, type Obj, str } from './import-read';

export interface ImportedActivities {
  activities: Activity[];
  packets: Packet[];
  /** USDM Activity id → what a schedule of it targets. */
  targets: Map<string, ScheduleTarget>;
}

const HANDLED = ['previousId', 'nextId', 'childIds'];

function foreignActivity(a: Obj, id: string, path: string, lang: string, report: ImportReport): Activity | null {
  const name = str(a.name) ?? '';
  const title = str(a.label) || name;
  const description = str(a.description);
  const parsed = ActivitySchema.safeParse({
    id,
    activityId: id,
    identifier: name.slice(0, 200),
    revisionId: '1',
    type: 'survey',
    title: { [lang]: title },
    ...(description ? { description: { [lang]: description } } : {}),
    questions: [],
  });
  if (!parsed.success) {
    report.skip(path, 'not a usable activity (a name is needed)');
    return null;
  }
  report.leftovers(a, path, HANDLED);
  if (Array.isArray(a.childIds) && a.childIds.length > 0) {
    report.skip(`${path}.childIds`, 'grouping of child activities is not kept; each child is imported on its own');
  }
  return parsed.data;
}

export function importActivities(design: Obj, path: string, lang: string, report: ImportReport): ImportedActivities {
  const out: ImportedActivities = { activities: [], packets: [], targets: new Map() };
  const activityIds = new Set<string>();
  const packetIds = new Set<string>();
  for (const [a, at] of report.list(design.activities, `${path}.activities`)) {
    const usdmId = str(a.id);
    if (!usdmId) {
      report.skip(at, 'an activity without an id');
      continue;
    }
    const packet = PacketSchema.safeParse(extensionValue(a, EXT.packet));
    if (packet.success && !packetIds.has(packet.data.id)) {
      packetIds.add(packet.data.id);
      out.packets.push(packet.data);
      out.targets.set(usdmId, { kind: 'packet', packetId: packet.data.id });
      continue;
    }
    const own = extensionValue(a, EXT.activity);
    const parsed = own === undefined ? null : ActivitySchema.safeParse(own);
    if (parsed && !parsed.success)
      report.skip(at, 'its Trialpath activity definition is not valid; read as a USDM activity');
    const activity = parsed?.success ? parsed.data : foreignActivity(a, usdmId, at, lang, report);
    if (!activity) continue;
    if (activityIds.has(activity.id)) {
      report.skip(at, `a second activity with id ${activity.id}`);
      continue;
    }
    activityIds.add(activity.id);
    out.activities.push(activity);
    out.targets.set(usdmId, { kind: 'activity', activityId: activity.id });
  }
  return out;
}
