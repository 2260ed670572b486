/**
 * The version's packets (C-048; decision 0044): data capture forms that site staff fill at one visit, each
 * named in every study language; added, edited and removed, saved as the version's schedule section (the
 * milestones and schedules kept as they are). A packet still scheduled cannot be removed.
 */
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { issueFieldRefs, type Packet, refText, SchedulePlanSchema } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Loaded, newId, useSection, useStudyPath } from './data';
import { SaveBar, SchedulesFrame } from './Frame';
import { activityLabel, textOf } from './names';

function Packets({ loaded }: { loaded: Loaded }) {
  const { t, i18n } = useTranslation('schedules');
  const to = useStudyPath(loaded.studyId);
  const state = useSection(loaded, 'schedule');
  const plan = state.value;
  const ro = loaded.readOnly;
  const lang = i18n.language;
  const languageName = (l: string) => new Intl.DisplayNames([lang], { type: 'language' }).of(l) ?? l;
  const forms = loaded.version.content.studyActivities.items.filter(
    (i) => loaded.activities.get(i.id)?.kind === 'dataCaptureForm',
  );
  const setPackets = (packets: Packet[]) => state.setValue({ ...plan, packets });
  const update = (i: number, next: Packet) => setPackets(plan.packets.map((p, j) => (j === i ? next : p)));
  const scheduled = new Set(plan.schedules.flatMap((s) => (s.target.kind === 'packet' ? [s.target.packetId] : [])));
  const defaultLanguage = loaded.languages[0] ?? 'en';

  // The domain's refusals (a packet without forms…), a name in the default language, and the server's.
  const problems: Record<string, string> = {};
  const parsed = SchedulePlanSchema.safeParse(plan);
  if (!parsed.success)
    for (const [p, list] of Object.entries(issueFieldRefs(parsed.error.issues, plan)))
      problems[p] = list.map((r) => refText(r, lang)).join(' ');
  plan.packets.forEach((p, i) => {
    if (!p.name[defaultLanguage]?.trim())
      problems[`packets.${i}.name`] = t('packets.nameRequired', { language: languageName(defaultLanguage) });
  });
  for (const [k, v] of Object.entries(state.fieldErrors)) problems[k.replace(/^value\./, '')] = v;
  const blocked = plan.packets.some((_, i) => Object.keys(problems).some((k) => k.startsWith(`packets.${i}.`)));

  return (
    <Stack gap="md">
      {forms.length === 0 && (
        <Alert color="blue" variant="light" data-testid="no-forms">
          <Stack gap={4}>
            <Text size="sm">{t('packets.noForms')}</Text>
            <Anchor component={Link} to={to('data-capture-form')} size="sm">
              {t('packets.formsLink')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {plan.packets.length === 0 && (
        <Paper withBorder p="lg" radius="md" data-testid="empty">
          <Text fw={600}>{t('packets.emptyTitle')}</Text>
          <Text size="sm">{ro ? t('packets.emptyReadOnly') : t('packets.empty')}</Text>
        </Paper>
      )}
      {plan.packets.map((p, i) => {
        const title = textOf(p.name, lang, loaded.languages) || t('packets.untitled', { number: i + 1 });
        const headingId = `packet-${i}-title`;
        return (
          <Paper
            key={p.id}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={headingId}
            data-testid={`packet-${i}`}
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} fz="lg" id={headingId}>
                  {title}
                </Title>
                <Group gap="sm">
                  <Anchor component={Link} to={to(`data-capture-form/packet/${encodeURIComponent(p.id)}`)} size="sm">
                    {t('packets.view')}
                  </Anchor>
                  <Anchor
                    component={Link}
                    to={`${to('data-capture-form/schedule-packet')}?packetId=${encodeURIComponent(p.id)}`}
                    size="sm"
                  >
                    {t('packets.schedule')}
                  </Anchor>
                </Group>
              </Group>
              <Group gap="sm" wrap="wrap" align="flex-start">
                {loaded.languages.map((l, li) => (
                  <TextInput
                    key={l}
                    label={t('packets.name', { language: languageName(l) })}
                    value={p.name[l] ?? ''}
                    onChange={(e) => update(i, { ...p, name: { ...p.name, [l]: e.currentTarget.value } })}
                    disabled={ro}
                    required={li === 0}
                    error={li === 0 ? problems[`packets.${i}.name`] : undefined}
                    w={260}
                  />
                ))}
              </Group>
              <Checkbox.Group
                label={t('packets.forms')}
                value={p.activityIds}
                onChange={(ids) => update(i, { ...p, activityIds: ids })}
                error={problems[`packets.${i}.activityIds`]}
              >
                <Stack gap={6} mt={6}>
                  {forms.length === 0 && <Text size="sm">{t('packets.noFormsShort')}</Text>}
                  {forms.map((f) => (
                    <Checkbox
                      key={f.id}
                      value={f.id}
                      label={activityLabel(loaded.activities.get(f.id), f.id, lang)}
                      disabled={ro}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              {!ro && (
                <Group>
                  {scheduled.has(p.id) ? (
                    <Text size="xs" c="dimmed">
                      {t('packets.scheduled')}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red.9"
                      c="red.9"
                      onClick={() => setPackets(plan.packets.filter((_, j) => j !== i))}
                    >
                      {t('packets.remove', { packet: title })}
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
      {!ro && (
        <Group>
          <Button
            variant="light"
            onClick={() => setPackets([...plan.packets, { id: newId('packet'), name: {}, activityIds: [] }])}
          >
            {t('packets.add')}
          </Button>
        </Group>
      )}
      <SaveBar state={state} readOnly={ro} label={t('save.packets')} blocked={blocked ? t('packets.fixFirst') : null} />
    </Stack>
  );
}

export function CustomizePacketsPage() {
  return <SchedulesFrame screen="packets">{(loaded) => <Packets loaded={loaded} />}</SchedulesFrame>;
}
