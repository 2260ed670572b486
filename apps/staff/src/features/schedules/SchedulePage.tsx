/**
 * The schedule editor (C-039 schedule-form, C-040 schedule-packet; decision 0044): the schedules of one
 * activity (`?activityId=`) or one packet (`?packetId=`), each added, edited and removed with its summary
 * sentence; the version's milestones (a name per study language, a planned day); and a preview of the
 * study days the schedules yield for a sample day zero. Saved as the version's schedule section (the
 * packets and the other targets' schedules kept as they are).
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { issueFieldRefs, type Milestone, refText, type ScheduleTarget, SchedulePlanSchema } from '@trialpath/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Loaded, newId, type SectionState, useSection, useStudyPath } from './data';
import { SaveBar, SchedulesFrame } from './Frame';
import { activityLabel, textOf } from './names';
import { addDays, formatDate, previewTasks, today } from './preview';
import { parsedSchedule, ScheduleFields, scheduleProblems } from './ScheduleFields';
import { type ScheduleDraft, scheduleSummary } from './summary';

type Mode = 'activity' | 'packet';
type Plan = SectionState<'schedule'>['value'];

const sameTarget = (a: ScheduleTarget, b: ScheduleTarget) =>
  a.kind === 'activity'
    ? b.kind === 'activity' && a.activityId === b.activityId
    : b.kind === 'packet' && a.packetId === b.packetId;

/** The plan's own refusals (unknown milestone, duplicate ids…) by field path, in a language. */
function planProblems(plan: Plan, lang: string): Record<string, string> {
  const result = SchedulePlanSchema.safeParse(plan);
  if (result.success) return {};
  const refs = issueFieldRefs(result.error.issues, plan);
  return Object.fromEntries(Object.entries(refs).map(([p, list]) => [p, list.map((r) => refText(r, lang)).join(' ')]));
}

/** The problems of one item (`schedules.2`) as its own field names (`endDay`). */
function under(problems: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(problems))
    if (path.startsWith(`${prefix}.`)) out[path.slice(prefix.length + 1)] = text;
  return out;
}

function MilestonesEditor({ loaded, state }: { loaded: Loaded; state: SectionState<'schedule'> }) {
  const { t, i18n } = useTranslation('schedules');
  const plan = state.value;
  const ro = loaded.readOnly;
  const languageName = (l: string) => new Intl.DisplayNames([i18n.language], { type: 'language' }).of(l) ?? l;
  const setMilestones = (milestones: Milestone[]) => state.setValue({ ...plan, milestones });
  const update = (i: number, next: Milestone) => setMilestones(plan.milestones.map((m, j) => (j === i ? next : m)));
  const used = new Set(plan.schedules.flatMap((s) => (s.anchor.kind === 'milestone' ? [s.anchor.milestoneId] : [])));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="milestones-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="milestones-title">
          {t('milestones.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('milestones.intro')}
        </Text>
        {plan.milestones.length === 0 && <Text size="sm">{t('milestones.empty')}</Text>}
        {plan.milestones.map((m, i) => {
          const name = textOf(m.name, i18n.language, loaded.languages) || t('milestones.untitled');
          return (
            <Group key={m.id} align="flex-end" gap="sm" wrap="wrap" data-testid={`milestone-${i}`}>
              {loaded.languages.map((l) => (
                <TextInput
                  key={l}
                  label={t('milestones.name', { language: languageName(l) })}
                  value={m.name[l] ?? ''}
                  onChange={(e) => update(i, { ...m, name: { ...m.name, [l]: e.currentTarget.value } })}
                  disabled={ro}
                  w={220}
                />
              ))}
              <NumberInput
                label={t('milestones.plannedDay')}
                value={m.plannedDay ?? ''}
                onChange={(v) => {
                  const { plannedDay: _old, ...rest } = m;
                  update(i, typeof v === 'number' ? { ...rest, plannedDay: v } : rest);
                }}
                allowDecimal={false}
                disabled={ro}
                w={140}
              />
              {!ro &&
                (used.has(m.id) ? (
                  <Text size="xs" c="dimmed" maw={200}>
                    {t('milestones.inUse')}
                  </Text>
                ) : (
                  <Button
                    variant="subtle"
                    color="red.9"
                    c="red.9"
                    size="xs"
                    aria-label={t('milestones.removeOf', { milestone: name })}
                    onClick={() => setMilestones(plan.milestones.filter((_, j) => j !== i))}
                  >
                    {t('milestones.remove')}
                  </Button>
                ))}
            </Group>
          );
        })}
        {!ro && (
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() => setMilestones([...plan.milestones, { id: newId('milestone'), name: {} }])}
            >
              {t('milestones.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Preview({
  plan,
  target,
  milestoneName,
}: {
  plan: Plan;
  target: ScheduleTarget;
  milestoneName: (id: string) => string;
}) {
  const { t, i18n } = useTranslation('schedules');
  const [dayZero, setDayZero] = useState(today);
  const schedules = plan.schedules
    .filter((s) => sameTarget(s.target, target))
    .flatMap((s) => {
      const parsed = parsedSchedule(s);
      return parsed ? [parsed] : [];
    });
  const tasks = previewTasks({ ...plan, schedules }, dayZero);
  const shown = tasks.slice(0, 60);
  const unplaced = plan.milestones.filter(
    (m) =>
      m.plannedDay === undefined &&
      schedules.some((s) => s.anchor.kind === 'milestone' && s.anchor.milestoneId === m.id),
  );
  const date = (n: number) => formatDate(addDays(dayZero, n), i18n.language);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="preview-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="preview-title">
          {t('preview.title')}
        </Title>
        <TextInput
          type="date"
          label={t('preview.dayZero')}
          description={t('preview.dayZeroHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={dayZero}
          onChange={(e) => setDayZero(e.currentTarget.value)}
          w={240}
        />
        {unplaced.map((m) => (
          <Text key={m.id} size="sm" c="#9c3b00">
            {t('preview.noPlannedDay', { milestone: milestoneName(m.id) })}
          </Text>
        ))}
        {tasks.length === 0 ? (
          <Text size="sm" data-testid="preview-empty">
            {t('preview.empty')}
          </Text>
        ) : (
          <Table withTableBorder verticalSpacing={4} aria-label={t('preview.title')} data-testid="preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('preview.day')}</Table.Th>
                <Table.Th>{t('preview.date')}</Table.Th>
                <Table.Th>{t('preview.until')}</Table.Th>
                <Table.Th>{t('preview.delivery')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((task) => (
                <Table.Tr key={task.key}>
                  <Table.Td>{t('preview.dayN', { day: task.startDay })}</Table.Td>
                  <Table.Td>{date(task.startDay)}</Table.Td>
                  <Table.Td>
                    {task.endDay === null
                      ? t('preview.noEnd')
                      : `${t('preview.dayN', { day: task.endDay })} · ${date(task.endDay)}`}
                  </Table.Td>
                  <Table.Td>
                    {t(`delivery.${task.delivery}`)}
                    {task.telehealth ? ` · ${t('fields.telehealth')}` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {tasks.length > shown.length && (
          <Text size="sm">{t('preview.more', { count: tasks.length - shown.length })}</Text>
        )}
      </Stack>
    </Paper>
  );
}

function ScheduleEditor({ loaded, mode }: { loaded: Loaded; mode: Mode }) {
  const { t, i18n } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const [search, setSearch] = useSearchParams();
  const state = useSection(loaded, 'schedule');
  const plan = state.value;
  const ro = loaded.readOnly;
  const [editing, setEditing] = useState<string | null>(null);
  const lang = i18n.language;
  const versionItems = loaded.version.content.studyActivities.items;

  const param = mode === 'activity' ? 'activityId' : 'packetId';
  const chosen = search.get(param);
  const options =
    mode === 'activity'
      ? versionItems.map((i) => ({ value: i.id, label: activityLabel(loaded.activities.get(i.id), i.id, lang) }))
      : plan.packets.map((p) => ({ value: p.id, label: textOf(p.name, lang, loaded.languages) || p.id }));
  const current = options.find((o) => o.value === chosen) ?? null;
  const choose = (v: string | null) =>
    setSearch(
      (s) => {
        if (v) s.set(param, v);
        else s.delete(param);
        return s;
      },
      { replace: true },
    );
  const milestoneName = (id: string) => {
    const m = plan.milestones.find((x) => x.id === id);
    return (m && textOf(m.name, lang, loaded.languages)) || t('milestones.untitled');
  };

  if (options.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md" data-testid="empty">
        <Stack gap="xs">
          <Text fw={600}>{mode === 'activity' ? t('schedule.noActivities') : t('schedule.noPackets')}</Text>
          <Anchor
            component={Link}
            to={to(mode === 'activity' ? 'customize/activities' : 'customize/packets')}
            size="sm"
          >
            {mode === 'activity' ? t('schedule.addActivities') : t('schedule.addPackets')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }

  const picker = (
    <Select
      label={mode === 'activity' ? t('schedule.chooseActivity') : t('schedule.choosePacket')}
      data={options}
      value={current?.value ?? null}
      onChange={choose}
      searchable
      w={420}
    />
  );
  if (!current) {
    return (
      <Paper withBorder p="lg" radius="md" data-testid="empty">
        <Stack gap="sm">
          {chosen && (
            <Alert color="orange" variant="light">
              {t('schedule.notInVersion')}
            </Alert>
          )}
          <Text size="sm">{mode === 'activity' ? t('schedule.pickActivity') : t('schedule.pickPacket')}</Text>
          {picker}
        </Stack>
      </Paper>
    );
  }

  const target: ScheduleTarget =
    mode === 'activity' ? { kind: 'activity', activityId: current.value } : { kind: 'packet', packetId: current.value };
  const mine = plan.schedules.map((s, index) => ({ s, index })).filter(({ s }) => sameTarget(s.target, target));
  const fromPlan = planProblems(plan, lang);
  const problemsOf = (index: number) => ({
    ...under(fromPlan, `schedules.${index}`),
    ...under(
      Object.fromEntries(Object.entries(state.fieldErrors).map(([k, v]) => [k.replace(/^value\./, ''), v])),
      `schedules.${index}`,
    ),
  });
  const invalid = plan.schedules.some((s) => Object.keys(scheduleProblems(s as ScheduleDraft, lang)).length > 0);
  const setSchedules = (schedules: Plan['schedules']) => state.setValue({ ...plan, schedules });
  const add = () => {
    const id = newId(mode === 'activity' ? 'schedule' : 'visit');
    setSchedules([
      ...plan.schedules,
      {
        id,
        target,
        anchor: { kind: 'dayZero' },
        startDay: 0,
        repeat: { kind: 'once' },
        delivery: 'scheduled',
        telehealth: false,
      },
    ]);
    setEditing(id);
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" wrap="wrap">
        {picker}
        {mode === 'packet' ? (
          <Anchor
            component={Link}
            to={`${to('data-capture-form/show-packet')}?packetId=${encodeURIComponent(current.value)}`}
            size="sm"
          >
            {t('schedule.viewPacket')}
          </Anchor>
        ) : loaded.activities.get(current.value)?.kind === 'dataCaptureForm' ? (
          <Anchor
            component={Link}
            to={`${to('data-capture-form/form-view')}?activityId=${encodeURIComponent(current.value)}`}
            size="sm"
          >
            {t('schedule.viewForm')}
          </Anchor>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="schedules-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="schedules-title">
            {t('schedule.listTitle', { target: current.label })}
          </Title>
          {mine.length === 0 && (
            <Text size="sm" data-testid="no-schedules">
              {ro ? t('schedule.noneReadOnly') : t('schedule.none')}
            </Text>
          )}
          {mine.map(({ s, index }, n) => {
            const open = editing === s.id && !ro;
            const problems = problemsOf(index);
            const hasProblems =
              Object.keys(problems).length > 0 || Object.keys(scheduleProblems(s as ScheduleDraft, lang)).length > 0;
            return (
              <Paper
                key={s.id}
                withBorder
                radius="sm"
                p="sm"
                bg={open ? 'gray.0' : undefined}
                data-testid={`schedule-${n}`}
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text size="sm" fw={600} data-testid="schedule-summary">
                      {scheduleSummary(s as ScheduleDraft, t, lang, milestoneName)}
                    </Text>
                    {!ro && (
                      <Group gap="xs">
                        <Button size="xs" variant="default" onClick={() => setEditing(open ? null : s.id)}>
                          {open ? t('schedule.done') : t('schedule.edit', { number: n + 1 })}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red.9"
                          c="red.9"
                          onClick={() => setSchedules(plan.schedules.filter((_, i) => i !== index))}
                        >
                          {t('schedule.remove', { number: n + 1 })}
                        </Button>
                      </Group>
                    )}
                  </Group>
                  {hasProblems && !open && (
                    <Text size="xs" c="red.9">
                      {t('schedule.hasProblems')}
                    </Text>
                  )}
                  {open && (
                    <ScheduleFields
                      value={s as ScheduleDraft}
                      onChange={(next) =>
                        setSchedules(
                          plan.schedules.map((x, i) => (i === index ? (next as Plan['schedules'][number]) : x)),
                        )
                      }
                      milestones={plan.milestones}
                      milestoneName={milestoneName}
                      extra={problems}
                    />
                  )}
                </Stack>
              </Paper>
            );
          })}
          {!ro && (
            <Group>
              <Button variant="light" onClick={add}>
                {t('schedule.add')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <Preview plan={plan} target={target} milestoneName={milestoneName} />
      <MilestonesEditor loaded={loaded} state={state} />
      <SaveBar
        state={state}
        readOnly={ro}
        label={t('save.schedule')}
        blocked={invalid || Object.keys(fromPlan).length > 0 ? t('schedule.fixFirst') : null}
      />
    </Stack>
  );
}

export function ScheduleFormPage() {
  return (
    <SchedulesFrame screen="scheduleForm">
      {(loaded) => <ScheduleEditor loaded={loaded} mode="activity" />}
    </SchedulesFrame>
  );
}

export function SchedulePacketPage() {
  return (
    <SchedulesFrame screen="schedulePacket">
      {(loaded) => <ScheduleEditor loaded={loaded} mode="packet" />}
    </SchedulesFrame>
  );
}
