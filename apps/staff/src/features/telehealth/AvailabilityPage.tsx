/**
 * #/studies/:studyId/telehealth/availability (F-004, F-006; decision F-appointments): the telehealth team of each
 * site the person may see and, for a chosen site and member, their weekly hours — zero or more From–To windows a
 * day, read in an IANA time zone. Saving replaces the week; the server refuses overlapping windows, a window that
 * ends before it starts and an unknown zone, each message shown next to its field with everything typed kept.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type Availability,
  listTelehealthAvailability,
  listTelehealthSlots,
  listTelehealthTeam,
  saveTelehealthAvailability,
  type StaffUser,
} from '@trialpath/contract';
import { roleTitle } from '@trialpath/domain';
import { notify, TableEmpty } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { storage } from '../../shared/storage';
import { useStudyPath } from '../schedules/data';
import { browserTimeZone, timeZoneNames, weekdayName } from './time';

const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

interface Row {
  key: number;
  weekday: number;
  start: string;
  end: string;
}

let nextKey = 1;
const rowOf = (w: { weekday: number; start: string; end: string }): Row => ({ key: nextKey++, ...w });

export function AvailabilityPage() {
  const { t, i18n } = useTranslation('telehealth');
  const { studyId = '' } = useParams();
  const path = useStudyPath(studyId);
  const me = storage.getUser<Pick<StaffUser, 'id'>>()?.id;
  const list = useEndpointQuery(listTelehealthAvailability, { params: { studyId } });
  const team = useEndpointQuery(listTelehealthTeam, { params: { studyId } });
  const items = list.data?.items ?? [];
  const sites = [...new Map(items.map((a) => [a.siteId, a.siteName])).entries()].map(([value, label]) => ({
    value,
    label,
  }));
  const mine = items.find((a) => a.member.id === me);
  const [siteId, setSiteId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const site = siteId ?? mine?.siteId ?? sites[0]?.value ?? null;
  const members = items.filter((a) => a.siteId === site);
  const chosen =
    members.find((a) => a.member.id === userId) ?? members.find((a) => a.member.id === me) ?? members[0] ?? null;
  const roleOf = (id: string) => {
    const role = team.data?.items.find((m) => m.id === id)?.userRole;
    return role ? roleTitle(role, i18n.language) : '';
  };

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} fz={28}>
          {t('availability.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={820}>
          {t('availability.subtitle')}
        </Text>
      </div>
      {list.isError && (
        <Alert color="red" variant="light" title={refusalText(list.error, i18n.language, t('common.loadFailed'))}>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {list.data && sites.length === 0 && (
        <Alert color="gray" variant="light">
          {t('availability.noSites')}
        </Alert>
      )}
      {sites.length > 0 && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('availability.site')}
            data={sites}
            value={site}
            onChange={(v) => {
              setSiteId(v);
              setUserId(null);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
          />
          <Select
            label={t('availability.member')}
            data={members.map((a) => ({
              value: a.member.id,
              label: roleOf(a.member.id)
                ? t('availability.memberOption', { name: a.member.name, role: roleOf(a.member.id) })
                : a.member.name,
            }))}
            value={chosen?.member.id ?? null}
            onChange={setUserId}
            allowDeselect={false}
            w={{ base: '100%', xs: 320 }}
          />
        </Group>
      )}
      {chosen && (
        <WeekEditor
          key={`${chosen.siteId}:${chosen.member.id}:${chosen.updatedAt ?? ''}`}
          studyId={studyId}
          availability={chosen}
        />
      )}
      {site && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="telehealth-team">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="telehealth-team">
              {t('availability.team')}
            </Title>
            {members.length === 0 ? (
              <TableEmpty title={t('availability.teamEmpty')} hint={t('availability.teamEmptyHint')} />
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table verticalSpacing="xs" aria-labelledby="telehealth-team">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('availability.member')}</Table.Th>
                      <Table.Th>{t('availability.zone')}</Table.Th>
                      <Table.Th>{t('availability.week')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {members.map((a) => (
                      <Table.Tr key={a.member.id}>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            size="sm"
                            onClick={() => setUserId(a.member.id)}
                            fw={a.member.id === chosen?.member.id ? 700 : undefined}
                          >
                            {a.member.name}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {roleOf(a.member.id)}
                          </Text>
                        </Table.Td>
                        <Table.Td>{a.updatedAt ? a.timeZone : '—'}</Table.Td>
                        <Table.Td>
                          {a.windows.length ? (
                            <WeekSummary availability={a} />
                          ) : (
                            <Badge color="gray" variant="light" tt="none">
                              {t('availability.noHours')}
                            </Badge>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Anchor component={Link} to={path('telehealth/appointments')} size="sm">
              {t('appointments.title')} →
            </Anchor>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** "Mon 09:00–12:00, 13:00–17:00 · Tue …", one line a day with hours. */
function WeekSummary({ availability }: { availability: Availability }) {
  const { i18n } = useTranslation('telehealth');
  return (
    <Stack gap={0}>
      {WEEK.filter((d) => availability.windows.some((w) => w.weekday === d)).map((d) => (
        <Text key={d} size="xs">
          {weekdayName(d, i18n.language, 'short')}{' '}
          {availability.windows
            .filter((w) => w.weekday === d)
            .map((w) => `${w.start}–${w.end}`)
            .join(', ')}
        </Text>
      ))}
    </Stack>
  );
}

function WeekEditor({ studyId, availability }: { studyId: string; availability: Availability }) {
  const { t, i18n } = useTranslation('telehealth');
  const queryClient = useQueryClient();
  const headingId = useId();
  const zones = useMemo(timeZoneNames, []);
  const [timeZone, setTimeZone] = useState<string | null>(
    availability.updatedAt ? availability.timeZone : browserTimeZone(),
  );
  const [rows, setRows] = useState<Row[]>(() => availability.windows.map(rowOf));
  const [busy, setBusy] = useState(false);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const day = (d: number) => weekdayName(d, i18n.language);

  const change = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const save = async () => {
    // The order sent: Monday first, each day's windows as shown — a refusal's `windows.N` names row N of it.
    const sent = WEEK.flatMap((d) => rows.filter((r) => r.weekday === d));
    setBusy(true);
    setRefusal(null);
    setRowErrors({});
    setFieldErrors({});
    try {
      await api.call(saveTelehealthAvailability, {
        params: { studyId, siteId: availability.siteId, userId: availability.member.id },
        body: {
          timeZone: timeZone ?? '',
          windows: sent.map(({ weekday, start, end }) => ({ weekday, start, end })),
        },
      });
      notify(t('availability.saved', { name: availability.member.name }), { kind: 'success' });
      await invalidateEndpoints(queryClient, listTelehealthAvailability, listTelehealthSlots);
    } catch (e) {
      const fields = fieldErrorsOf(e, i18n.language);
      const byRow: Record<number, string> = {};
      const other: Record<string, string> = {};
      for (const [field, text] of Object.entries(fields)) {
        const m = /^(?:body\.)?windows\.(\d+)/.exec(field);
        const row = m ? sent[Number(m[1])] : undefined;
        if (row) byRow[row.key] = byRow[row.key] ? `${byRow[row.key]} ${text}` : text;
        else other[field.replace(/^body\./, '')] = text;
      }
      setRowErrors(byRow);
      setFieldErrors(other);
      const placed = Object.keys(byRow).length > 0 || 'timeZone' in other || 'windows' in other;
      setRefusal(placed ? t('availability.refused') : refusalText(e, i18n.language, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <div>
              <Title order={2} fz="lg" id={headingId}>
                {availability.member.name} · {availability.siteName}
              </Title>
              <Text size="xs" c="dimmed">
                {!availability.updatedAt
                  ? t('availability.neverSaved')
                  : availability.updatedBy
                    ? t('availability.lastSaved', {
                        name: availability.updatedBy.name,
                        when: new Date(availability.updatedAt).toLocaleString(i18n.language),
                      })
                    : t('availability.lastSavedAt', {
                        when: new Date(availability.updatedAt).toLocaleString(i18n.language),
                      })}
              </Text>
            </div>
          </Group>
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Select
            label={t('availability.zone')}
            description={t('availability.zoneHint')}
            data={zones}
            value={timeZone}
            onChange={setTimeZone}
            searchable
            limit={60}
            nothingFoundMessage={t('availability.zoneNothing')}
            error={fieldErrors.timeZone}
            allowDeselect={false}
            maw={420}
          />
          <div>
            <Text fw={600} size="sm" mb={4}>
              {t('availability.week')}
            </Text>
            {fieldErrors.windows && (
              <Text size="sm" c="red.8" role="alert" mb="xs">
                {fieldErrors.windows}
              </Text>
            )}
            <Stack gap={0}>
              {WEEK.map((d) => {
                const ofDay = rows.filter((r) => r.weekday === d);
                return (
                  <Group
                    key={d}
                    role="group"
                    aria-label={day(d)}
                    align="flex-start"
                    gap="sm"
                    py="xs"
                    wrap="wrap"
                    style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                  >
                    <Text fw={600} size="sm" w={110} pt={6}>
                      {day(d)}
                    </Text>
                    <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
                      {ofDay.length === 0 && (
                        <Text size="sm" c="dimmed" pt={6}>
                          {t('availability.none')}
                        </Text>
                      )}
                      {ofDay.map((r, i) => {
                        const n = i + 1;
                        const errorId = `tw-error-${r.key}`;
                        return (
                          <div key={r.key}>
                            <Group gap="xs" align="center" wrap="nowrap">
                              <TextInput
                                type="time"
                                size="sm"
                                aria-label={t('availability.fromOf', { day: day(d), n })}
                                value={r.start}
                                onChange={(e) => change(r.key, { start: e.currentTarget.value })}
                                error={!!rowErrors[r.key]}
                                aria-describedby={rowErrors[r.key] ? errorId : undefined}
                                w={130}
                              />
                              <Text size="sm" aria-hidden>
                                –
                              </Text>
                              <TextInput
                                type="time"
                                size="sm"
                                aria-label={t('availability.toOf', { day: day(d), n })}
                                value={r.end}
                                onChange={(e) => change(r.key, { end: e.currentTarget.value })}
                                error={!!rowErrors[r.key]}
                                aria-describedby={rowErrors[r.key] ? errorId : undefined}
                                w={130}
                              />
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('availability.removeOf', { day: day(d), n })}
                                title={t('availability.remove')}
                                onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                              >
                                <span aria-hidden>✕</span>
                              </ActionIcon>
                            </Group>
                            {rowErrors[r.key] && (
                              <Text id={errorId} size="xs" c="red.8" mt={2}>
                                {rowErrors[r.key]}
                              </Text>
                            )}
                          </div>
                        );
                      })}
                    </Stack>
                    <Button
                      variant="subtle"
                      size="xs"
                      mt={4}
                      aria-label={t('availability.addOn', { day: day(d) })}
                      onClick={() => {
                        const last = ofDay.at(-1);
                        setRows((rs) => [
                          ...rs,
                          rowOf(
                            last
                              ? { weekday: d, start: last.end, end: last.end < '23:00' ? '23:00' : '23:59' }
                              : { weekday: d, start: '09:00', end: '17:00' },
                          ),
                        ]);
                      }}
                    >
                      + {t('availability.add')}
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          </div>
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('availability.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
