/**
 * One schedule's fields (C-039, C-040; decision 0044): the anchor (day zero or a milestone), the window,
 * the repeat (once, every N days, on weekdays; up to the end day or N times), how long each task stays
 * open, the delivery and telehealth. Checked as it is typed with the domain's ScheduleSchema: each
 * refusal shows its catalogue message on its field.
 */
import { Checkbox, Group, NumberInput, Radio, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  issueFieldRefs,
  type Milestone,
  refText,
  SCHEDULE_DELIVERIES,
  type Schedule,
  ScheduleSchema,
} from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { type ScheduleDraft, weekdayName } from './summary';

/** The schedule's refusals by field (`endDay`, `repeat.count`…), in a language; none when it is valid. */
export function scheduleProblems(s: ScheduleDraft, lang: string): Record<string, string> {
  const result = ScheduleSchema.safeParse(s);
  if (result.success) return {};
  const refs = issueFieldRefs(result.error.issues, s);
  return Object.fromEntries(
    Object.entries(refs).map(([path, list]) => [path, list.map((r) => refText(r, lang)).join(' ')]),
  );
}

/** The parsed schedule, or null while it is refused. */
export function parsedSchedule(s: ScheduleDraft): Schedule | null {
  const result = ScheduleSchema.safeParse(s);
  return result.success ? result.data : null;
}

const asNumber = (v: number | string): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
/** Monday first, as a calendar on a wall. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

export interface ScheduleFieldsProps {
  value: ScheduleDraft;
  onChange: (next: ScheduleDraft) => void;
  milestones: readonly Milestone[];
  milestoneName: (id: string) => string;
  readOnly?: boolean;
  /** Refusals from elsewhere (the plan's, the server's), by the same field names. */
  extra?: Record<string, string>;
}

export function ScheduleFields({
  value,
  onChange,
  milestones,
  milestoneName,
  readOnly = false,
  extra = {},
}: ScheduleFieldsProps) {
  const { t, i18n } = useTranslation('schedules');
  const problems = { ...scheduleProblems(value, i18n.language), ...extra };
  const set = (patch: Partial<ScheduleDraft>) => onChange({ ...value, ...patch });
  const repeat = value.repeat ?? { kind: 'once' as const };
  const anchor = value.anchor ?? { kind: 'dayZero' as const };
  const count = repeat.kind === 'once' ? undefined : repeat.count;
  const setRepeat = (kind: string) => {
    if (kind === 'once') set({ repeat: { kind: 'once' } });
    else if (kind === 'everyNDays')
      set({ repeat: { kind: 'everyNDays', interval: 1, ...(count !== undefined && { count }) } });
    else set({ repeat: { kind: 'weekdays', weekdays: [1], ...(count !== undefined && { count }) } });
  };
  const setCount = (n: number | undefined) => {
    if (repeat.kind === 'once') return;
    const { count: _old, ...rest } = repeat;
    set({ repeat: n === undefined ? rest : { ...rest, count: n } });
  };
  const optional = (key: 'endDay' | 'openForDays', n: number | undefined) => {
    const { [key]: _old, ...rest } = value;
    onChange(n === undefined ? rest : { ...rest, [key]: n });
  };

  return (
    <Stack gap="sm" data-testid="schedule-fields">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('fields.anchor')}
          data={[
            { value: 'dayZero', label: t('fields.dayZero') },
            ...milestones.map((m) => ({ value: `milestone:${m.id}`, label: milestoneName(m.id) })),
          ]}
          value={anchor.kind === 'dayZero' ? 'dayZero' : `milestone:${anchor.milestoneId}`}
          onChange={(v) =>
            set({
              anchor:
                !v || v === 'dayZero'
                  ? { kind: 'dayZero' }
                  : { kind: 'milestone', milestoneId: v.slice('milestone:'.length) },
            })
          }
          allowDeselect={false}
          disabled={readOnly}
          error={problems.anchor}
        />
        <NumberInput
          label={t('fields.startDay')}
          value={value.startDay ?? ''}
          onChange={(v) => set({ startDay: asNumber(v) })}
          allowDecimal={false}
          disabled={readOnly}
          error={problems.startDay}
        />
        <NumberInput
          label={t('fields.endDay')}
          description={t('fields.endDayHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={value.endDay ?? ''}
          onChange={(v) => optional('endDay', asNumber(v))}
          allowDecimal={false}
          disabled={readOnly}
          error={problems.endDay}
        />
      </SimpleGrid>
      <Radio.Group label={t('fields.repeat')} value={repeat.kind} onChange={setRepeat}>
        <Group gap="lg" mt={6}>
          <Radio value="once" label={t('fields.once')} disabled={readOnly} />
          <Radio value="everyNDays" label={t('fields.everyNDays')} disabled={readOnly} />
          <Radio value="weekdays" label={t('fields.weekdays')} disabled={readOnly} />
        </Group>
      </Radio.Group>
      {repeat.kind === 'weekdays' && (
        <Checkbox.Group
          label={t('fields.weekdayList')}
          value={repeat.weekdays.map(String)}
          onChange={(v) => set({ repeat: { ...repeat, weekdays: v.map(Number).sort((a, b) => a - b) } })}
          error={problems['repeat.weekdays']}
        >
          <Group gap="md" mt={6}>
            {WEEK.map((d) => (
              <Checkbox key={d} value={String(d)} label={weekdayName(d, i18n.language)} disabled={readOnly} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {repeat.kind !== 'once' && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {repeat.kind === 'everyNDays' && (
            <NumberInput
              label={t('fields.interval')}
              value={repeat.interval}
              onChange={(v) => set({ repeat: { ...repeat, interval: asNumber(v) ?? 0 } })}
              min={1}
              allowDecimal={false}
              disabled={readOnly}
              error={problems['repeat.interval']}
            />
          )}
          <NumberInput
            label={t('fields.count')}
            description={t('fields.countHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={count ?? ''}
            onChange={(v) => setCount(asNumber(v))}
            min={1}
            allowDecimal={false}
            disabled={readOnly}
            error={problems['repeat.count']}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput
          label={t('fields.openForDays')}
          description={t('fields.openForDaysHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={value.openForDays ?? ''}
          onChange={(v) => optional('openForDays', asNumber(v))}
          min={1}
          allowDecimal={false}
          disabled={readOnly}
          error={problems.openForDays}
        />
        <Select
          label={t('fields.delivery')}
          data={SCHEDULE_DELIVERIES.map((d) => ({ value: d, label: t(`delivery.${d}`) }))}
          value={value.delivery ?? 'scheduled'}
          onChange={(v) => v && set({ delivery: v as ScheduleDraft['delivery'] })}
          allowDeselect={false}
          disabled={readOnly}
        />
        <Checkbox
          mt={{ sm: 28 }}
          label={t('fields.telehealth')}
          checked={value.telehealth ?? false}
          onChange={(e) => set({ telehealth: e.currentTarget.checked })}
          disabled={readOnly}
        />
      </SimpleGrid>
    </Stack>
  );
}
