/**
 * Booking an appointment, or changing one with a reason (decision F-appointments): the participant (found by the
 * start of their id among those who can be called), the visit type, what it is for (one of their telehealth visits
 * in the schedule, or unscheduled), the host (the telehealth team of the participant's site), the length and a
 * date, whose free times the server answers; a note. A refusal stays in the dialog — a field's message at the
 * field, else above the buttons — and nothing chosen or typed is lost.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  type Appointment,
  bookAppointment,
  getTelehealthCountryFeatures,
  listAppointments,
  listParticipants,
  listParticipantTelehealthTasks,
  listTelehealthSlots,
  listTelehealthTeam,
  rescheduleAppointment,
  type StaffUser,
} from '@trialpath/contract';
import {
  APPOINTMENT_MINUTES,
  MOBILE_BREAKPOINT_PX,
  roleTitle,
  VISIT_TYPES,
  type VisitType,
  visitModeOf,
} from '@trialpath/domain';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { storage } from '../../shared/storage';
import { useStudyPath } from '../schedules/data';
import { browserTimeZone, dayAndTime, dayOnly, localDate, minutesBetween, timeOnly } from './time';

const UNSCHEDULED = 'unscheduled';

interface Chosen {
  id: string;
  code: string;
  siteId: string;
  siteName: string;
}

export function AppointmentDialog(props: { studyId: string; appointment?: Appointment; onClose: () => void }) {
  const { studyId, appointment } = props;
  const { t, i18n } = useTranslation('telehealth');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const path = useStudyPath(studyId);
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const mine = browserTimeZone();
  const me = storage.getUser<Pick<StaffUser, 'id'>>()?.id;
  const changing = !!appointment;

  const [participant, setParticipant] = useState<Chosen | null>(
    appointment
      ? {
          id: appointment.participantId,
          code: appointment.participantCode,
          siteId: appointment.siteId,
          siteName: appointment.siteName,
        }
      : null,
  );
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 250);
  const [visitType, setVisitType] = useState<VisitType>(appointment?.visitType ?? 'telehealth');
  const [taskId, setTaskId] = useState<string>(UNSCHEDULED);
  const [hostId, setHostId] = useState<string | null>(appointment?.host.id ?? null);
  const [minutes, setMinutes] = useState<number>(
    appointment ? minutesBetween(appointment.startsAt, appointment.endsAt) : 30,
  );
  const [date, setDate] = useState(appointment ? localDate(new Date(appointment.startsAt)) : localDate());
  const [startsAt, setStartsAt] = useState<string | null>(appointment?.startsAt ?? null);
  const [note, setNote] = useState(appointment?.note ?? '');
  const [allowRecording, setAllowRecording] = useState(appointment?.allowRecording ?? true);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const siteId = participant?.siteId ?? null;
  const chosenLabel = participant
    ? t('booking.participantOption', { code: participant.code, site: participant.siteName })
    : '';
  const found = useEndpointQuery(
    listParticipants,
    {
      params: { studyId },
      query: { isTelehealthSearch: 'true', pageSize: 25, ...(typed && typed !== chosenLabel ? { search: typed } : {}) },
    },
    { enabled: !changing, placeholderData: keepPreviousData },
  );
  const tasks = useEndpointQuery(
    listParticipantTelehealthTasks,
    { params: { studyId, participantId: participant?.id ?? '' } },
    { enabled: !changing && !!participant },
  );
  const team = useEndpointQuery(
    listTelehealthTeam,
    { params: { studyId }, query: { siteId: siteId ?? undefined } },
    { enabled: !!siteId },
  );
  // F-112: whether this participant's visits may be recorded at all (the study and their country)
  const countryFeatures = useEndpointQuery(
    getTelehealthCountryFeatures,
    { params: { studyId }, query: { participantId: participant?.id ?? '' } },
    { enabled: !!participant },
  );
  const recordingClosed = countryFeatures.data?.visitTelehealthRecordingEnabled === false;
  const host = hostId ?? (team.data?.items.some((m) => m.id === me) ? (me ?? null) : null);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const slots = useEndpointQuery(
    listTelehealthSlots,
    { params: { studyId }, query: { siteId: siteId ?? '', hostId: host ?? '', from: date, to: date, minutes } },
    { enabled: !!siteId && !!host && validDate },
  );

  const participantOptions = new Map<string, Chosen>();
  if (participant) participantOptions.set(participant.id, participant);
  for (const p of found.data?.items ?? [])
    participantOptions.set(p.id, { id: p.id, code: p.participantId, siteId: p.siteId, siteName: p.siteName });

  const day = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const taskLabel = (k: NonNullable<typeof tasks.data>['items'][number]) =>
    k.appointmentId
      ? t('booking.taskBooked', { name: k.name })
      : k.closesAt
        ? t('booking.taskOption', {
            name: k.name,
            from: k.startDay,
            to: k.endDay,
            opens: day(k.opensAt),
            closes: day(k.closesAt),
          })
        : t('booking.taskOptionOpen', { name: k.name, from: k.startDay, opens: day(k.opensAt) });

  // The second zone a time is shown in: the participant's once known (chosen, or the appointment's), else the host's.
  const participantZone = appointment ? appointment.participantTimeZone : tasks.data?.participantTimeZone;
  const otherZone = participantZone ?? slots.data?.timeZone;
  const slotLabel = (iso: string) => {
    const time = timeOnly(iso, i18n.language, mine);
    if (!otherZone || otherZone === mine) return time;
    const vars = { time, other: timeOnly(iso, i18n.language, otherZone), zone: otherZone };
    return participantZone ? t('booking.slotParticipant', vars) : t('booking.slotHost', vars);
  };

  const submit = async () => {
    setTouched(true);
    if (changing && reason.trim() === '') return;
    if (!participant || !host || !startsAt) return;
    setBusy(true);
    setErrors({});
    setRefusal(null);
    const booking = {
      hostId: host,
      visitType,
      startsAt,
      minutes,
      ...(note.trim() ? { note: note.trim() } : {}),
      allowRecording,
    };
    try {
      if (appointment) {
        await api.call(rescheduleAppointment, {
          params: { studyId, appointmentId: appointment.id },
          body: { ...booking, reason: reason.trim() },
        });
        notify(t('booking.changed', { code: participant.code }), { kind: 'success' });
      } else {
        await api.call(bookAppointment, {
          params: { studyId },
          body: { participantId: participant.id, ...(taskId !== UNSCHEDULED ? { taskId } : {}), ...booking },
        });
        notify(t('booking.booked', { code: participant.code, when: dayAndTime(startsAt, i18n.language, mine) }), {
          kind: 'success',
        });
      }
      await invalidateEndpoints(queryClient, listAppointments, listTelehealthSlots, listParticipantTelehealthTasks);
      props.onClose();
    } catch (e) {
      const fields = Object.fromEntries(
        Object.entries(fieldErrorsOf(e, i18n.language)).map(([k, v]) => [k.replace(/^body\./, ''), v]),
      );
      setErrors(fields);
      const known = ['participantId', 'taskId', 'hostId', 'visitType', 'startsAt', 'minutes', 'note', 'reason'];
      const placed = Object.keys(fields).some((k) => known.includes(k));
      setRefusal(placed ? t('booking.refused') : refusalText(e, i18n.language, t('booking.refused')));
      // the free times may have changed (someone else booked the time): ask again, keeping the choice
      void slots.refetch();
    } finally {
      setBusy(false);
    }
  };

  const freeItems = slots.data?.items ?? [];
  const keepsCurrent = appointment && startsAt === appointment.startsAt;

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={changing ? t('booking.changeTitle') : t('booking.title')}
      size="lg"
      fullScreen={!!phone}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {changing ? (
            <Text size="sm">
              <Text span fw={600}>
                {t('booking.participant')}:
              </Text>{' '}
              {chosenLabel} ·{' '}
              {appointment.taskName
                ? `${appointment.taskName} (${t('common.taskDays', { from: appointment.taskStartDay, to: appointment.taskEndDay })})`
                : t('common.unscheduled')}
            </Text>
          ) : (
            <Select
              label={t('booking.participant')}
              description={t('booking.participantHint')}
              data={[...participantOptions.values()].map((p) => ({
                value: p.id,
                label: t('booking.participantOption', { code: p.code, site: p.siteName }),
              }))}
              value={participant?.id ?? null}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              nothingFoundMessage={t('booking.participantNothing')}
              onChange={(id) => {
                const p = id ? (participantOptions.get(id) ?? null) : null;
                setParticipant(p);
                setTaskId(UNSCHEDULED);
                setHostId(null);
                setStartsAt(null);
              }}
              error={
                errors.participantId ??
                // F-129: the participants could not be read: said, rather than an empty list
                (found.isError
                  ? t('booking.participantsFailed')
                  : touched && !participant
                    ? t('booking.chooseParticipant')
                    : undefined)
              }
              required
              data-autofocus
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('booking.visitType')}
              data={VISIT_TYPES.map((v) => ({ value: v, label: t(`visitType.${v}`) }))}
              value={visitType}
              onChange={(v) => v && setVisitType(v as VisitType)}
              allowDeselect={false}
              error={errors.visitType}
            />
            {!changing && (
              <Select
                label={t('booking.for')}
                description={t('booking.forHint')}
                data={[
                  { value: UNSCHEDULED, label: t('common.unscheduled') },
                  ...(tasks.data?.items ?? []).map((k) => ({
                    value: k.taskId,
                    label: taskLabel(k),
                    disabled: !!k.appointmentId,
                  })),
                ]}
                value={taskId}
                onChange={(v) => {
                  const id = v ?? UNSCHEDULED;
                  setTaskId(id);
                  const k = tasks.data?.items.find((x) => x.taskId === id);
                  // a visit of the schedule opens on its first day: start looking there
                  if (k && localDate(new Date(k.opensAt)) > date) {
                    setDate(localDate(new Date(k.opensAt)));
                    setStartsAt(null);
                  }
                }}
                allowDeselect={false}
                disabled={!participant}
                error={errors.taskId}
              />
            )}
            <Select
              label={t('booking.host')}
              description={t('booking.hostHint')}
              data={(team.data?.items ?? []).map((m) => ({
                value: m.id,
                label: `${m.firstName} ${m.lastName} · ${roleTitle(m.userRole, i18n.language)}`,
              }))}
              value={host}
              onChange={(v) => {
                setHostId(v);
                if (!keepsCurrent) setStartsAt(null);
              }}
              nothingFoundMessage={t('booking.hostNothing')}
              disabled={!participant}
              allowDeselect={false}
              error={errors.hostId ?? (touched && participant && !host ? t('booking.chooseHost') : undefined)}
              required
            />
            <Select
              label={t('booking.minutes')}
              data={APPOINTMENT_MINUTES.map((m) => ({ value: String(m), label: t('common.minutes', { count: m }) }))}
              value={String(minutes)}
              onChange={(v) => {
                if (!v) return;
                setMinutes(Number(v));
                if (!keepsCurrent) setStartsAt(null);
              }}
              allowDeselect={false}
              error={errors.minutes}
            />
            <TextInput
              type="date"
              label={t('booking.date')}
              value={date}
              min={localDate()}
              onChange={(e) => {
                setDate(e.currentTarget.value);
                if (!keepsCurrent) setStartsAt(null);
              }}
              disabled={!participant}
            />
          </SimpleGrid>

          <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" size="sm" fw={600} mb={4} p={0}>
              {validDate && participant && host
                ? t('booking.slotsFor', { day: dayOnly(`${date}T12:00:00Z`, i18n.language, 'UTC'), zone: mine })
                : t('booking.slots')}
            </Text>
            {appointment && (
              <Button
                size="xs"
                mb="xs"
                variant={keepsCurrent ? 'filled' : 'default'}
                aria-pressed={!!keepsCurrent}
                onClick={() => setStartsAt(appointment.startsAt)}
              >
                {t('booking.current', { when: dayAndTime(appointment.startsAt, i18n.language, mine) })}
              </Button>
            )}
            {!participant || !host ? (
              <Text size="sm" c="dimmed">
                {t('booking.chooseFirst')}
              </Text>
            ) : slots.isError ? (
              <Text size="sm" c="red.8" role="alert">
                {refusalText(slots.error, i18n.language, t('common.loadFailed'))}
              </Text>
            ) : slots.data && freeItems.length === 0 ? (
              <Alert color="gray" variant="light">
                <Text size="sm">{t('booking.noSlots')}</Text>
                <Button
                  component={Link}
                  to={path('telehealth/availability')}
                  variant="subtle"
                  size="compact-sm"
                  px={0}
                  onClick={props.onClose}
                >
                  {t('booking.setAvailability')}
                </Button>
              </Alert>
            ) : (
              <Group gap={6}>
                {freeItems.map((s) => (
                  <Button
                    key={s.startsAt}
                    size="xs"
                    variant={startsAt === s.startsAt ? 'filled' : 'default'}
                    aria-pressed={startsAt === s.startsAt}
                    onClick={() => setStartsAt(s.startsAt)}
                  >
                    {slotLabel(s.startsAt)}
                  </Button>
                ))}
              </Group>
            )}
            {touched && !startsAt && participant && host && (
              <Text size="xs" c="red.8" mt={4}>
                {t('booking.chooseTime')}
              </Text>
            )}
            {errors.startsAt && (
              <Text size="sm" c="red.8" mt={4} role="alert">
                {errors.startsAt}
              </Text>
            )}
          </fieldset>
          {startsAt && (
            <Text size="sm">
              {t('booking.chosen', {
                when:
                  otherZone && otherZone !== mine
                    ? `${dayAndTime(startsAt, i18n.language, mine)} (${t('common.yours')}) · ${dayAndTime(startsAt, i18n.language, otherZone)} ${participantZone ? t('common.participantZone', { zone: otherZone }) : t('common.hostZone', { zone: otherZone })}`
                    : dayAndTime(startsAt, i18n.language, mine),
              })}
            </Text>
          )}
          <Textarea
            label={t('booking.noteLabel')}
            description={t('booking.noteHint')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={500}
            error={errors.note}
          />
          {/* F-037: a video visit may be kept from being recorded (the study and the country decide first) */}
          {visitModeOf(visitType) === 'video' && (
            <Checkbox
              label={t('booking.allowRecording')}
              description={recordingClosed ? t('booking.recordingClosed') : t('booking.allowRecordingHint')}
              disabled={recordingClosed}
              checked={allowRecording && !recordingClosed}
              onChange={(e) => setAllowRecording(e.currentTarget.checked)}
            />
          )}
          {changing && (
            <Textarea
              label={t('booking.reason')}
              description={t('booking.reasonHint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={2}
              required
              error={(touched && reason.trim() === '' ? t('booking.reasonRequired') : undefined) ?? errors.reason}
            />
          )}
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {changing ? t('booking.save') : t('booking.book')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
