/**
 * Writing a message to participants (E-024, E-112, E-113; decision E-messages): the audience (the whole study, sites or
 * participants picked; sites and study narrowed by status), the channels beside the portal, the subject and the body.
 * The recipients are checked first — how many, by which channel, why a channel misses some — and the send names that
 * count: should the audience change meanwhile, the server refuses it and the count is checked again. Opened with a
 * participant, it writes to that participant only (the participant profile's messages). Loads its own texts.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  getParticipantListOptions,
  listMyMessages,
  listParticipantMessages,
  listSentMessages,
  listSimpleParticipants,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  type MessageAudience,
  type MessageRecipientsPreview,
  previewMessageRecipients,
  sendParticipantMessage,
} from '@trialpath/contract';
import { PARTICIPANT_STATUSES } from '@trialpath/domain';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';

type Channels = { email: boolean; sms: boolean; push: boolean };
const NO_CHANNELS: Channels = { email: false, sms: false, push: false };

/** After a send: every read that shows messages. */
export function useMessagesRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, listSentMessages, listParticipantMessages, listMyMessages);
}

/** The participants picker: a search by participant id, the picked ones kept with their labels. */
function ParticipantPicker(props: {
  studyId: string;
  picked: { id: string; label: string }[];
  onChange(picked: { id: string; label: string }[]): void;
  error?: string;
}) {
  const { t } = useTranslation('messages');
  const [search, setSearch] = useState('');
  const found = useEndpointQuery(listSimpleParticipants, {
    params: { studyId: props.studyId },
    query: { search: search.trim() },
  });
  const label = (p: { participantId: string; name: string | null }) =>
    p.name ? `${p.participantId} (${p.name})` : p.participantId;
  const options = new Map(props.picked.map((p) => [p.id, p.label]));
  for (const p of found.data?.items ?? []) options.set(p.id, label(p));
  return (
    <MultiSelect
      label={t('compose.participants')}
      description={t('compose.participantsHint')}
      data={[...options].map(([value, text]) => ({ value, label: text }))}
      value={props.picked.map((p) => p.id)}
      onChange={(ids) => props.onChange(ids.map((id) => ({ id, label: options.get(id) ?? id })))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      error={props.error}
      required
      comboboxProps={{ withinPortal: false }}
    />
  );
}

/** The preview's summary: how many, by which channel, and why a chosen channel misses some. */
function Reach(props: { preview: MessageRecipientsPreview; channels: Channels }) {
  const { t } = useTranslation('messages');
  const { preview } = props;
  const chosen = (['email', 'sms', 'push'] as const).filter((c) => props.channels[c]);
  if (preview.total === 0)
    return (
      <Alert color="yellow" variant="light" role="status">
        {t('compose.nobody')}
      </Alert>
    );
  return (
    <Alert color="teal" variant="light" role="status">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {preview.total === 1 ? t('compose.reachOne') : t('compose.reach', { count: preview.total })}
        </Text>
        {chosen.map((c) => {
          const reasons = Object.entries(preview.skipped[c]);
          return (
            <Text size="sm" key={c}>
              {t('compose.reachBy', { channel: t(`channel.${c}`), count: preview.reach[c] })}
              {reasons.length > 0 &&
                ` — ${t('compose.skipped', {
                  channel: t(`channel.${c}`),
                  reasons: reasons
                    .map(([r, n]) => t('compose.reason', { reason: t(`delivery.${r}`), count: n }))
                    .join(', '),
                })}`}
            </Text>
          );
        })}
        {preview.sample.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('compose.sample', { count: preview.sample.length })}:{' '}
            {preview.sample.map((s) => s.participant.participantId).join(', ')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

export function ComposeMessageDialog(props: {
  studyId: string;
  opened: boolean;
  onClose(): void;
  /** Write to this participant only (the participant profile). */
  participant?: { id: string; participantId: string };
  onSent?(): void;
}) {
  const { t, i18n, ready } = useTranslation(['messages', 'participants'], { useSuspense: false });
  const lang = useLanguage();
  const refresh = useMessagesRefresh();
  const fixed = props.participant;
  const [audience, setAudience] = useState<MessageAudience>(fixed ? 'PARTICIPANTS' : 'STUDY');
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [picked, setPicked] = useState<{ id: string; label: string }[]>([]);
  const [channels, setChannels] = useState<Channels>(NO_CHANNELS);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<MessageRecipientsPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useEndpointQuery(
    getParticipantListOptions,
    { params: { studyId: props.studyId } },
    { enabled: props.opened && !fixed },
  );

  const participantIds = fixed ? [fixed.id] : picked.map((p) => p.id);
  /** Any change of who or how un-checks the recipients: the send always names a count just checked. */
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
      setRefusal(null);
    };
  const close = () => {
    setAudience(fixed ? 'PARTICIPANTS' : 'STUDY');
    setSiteIds([]);
    setStatuses([]);
    setPicked([]);
    setChannels(NO_CHANNELS);
    setSubject('');
    setBody('');
    setErrors({});
    setRefusal(null);
    setPreview(null);
    props.onClose();
  };

  const problems = () => {
    const out: Record<string, string> = {};
    if (!subject.trim()) out.subject = t('compose.subjectMissing');
    if (!body.trim()) out.body = t('compose.bodyMissing');
    if (audience === 'SITES' && siteIds.length === 0) out.siteIds = t('compose.sitesMissing');
    if (audience === 'PARTICIPANTS' && participantIds.length === 0)
      out.participantIds = t('compose.participantsMissing');
    return out;
  };
  const audienceInput = {
    audience,
    participantIds: audience === 'PARTICIPANTS' ? participantIds : [],
    siteIds: audience === 'SITES' ? siteIds : [],
    statuses: audience === 'PARTICIPANTS' ? [] : statuses,
  };

  const check = async () => {
    const found = problems();
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const flag = (b: boolean) => (b ? 'true' : 'false');
      setPreview(
        await api.call(previewMessageRecipients, {
          params: { studyId: props.studyId },
          query: {
            audience,
            participantIds: audienceInput.participantIds.join(','),
            siteIds: audienceInput.siteIds.join(','),
            statuses: audienceInput.statuses.join(','),
            email: flag(channels.email),
            sms: flag(channels.sms),
            push: flag(channels.push),
          },
        }),
      );
    } catch (err) {
      setErrors(fieldErrorsOf(err, i18n.language));
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    if (!preview) return;
    setBusy(true);
    setRefusal(null);
    try {
      const sent = await api.call(sendParticipantMessage, {
        params: { studyId: props.studyId },
        body: {
          ...audienceInput,
          statuses: audienceInput.statuses as (typeof PARTICIPANT_STATUSES)[number][],
          channels,
          subject: subject.trim(),
          body: body.trim(),
          confirmedCount: preview.total,
        },
      });
      notify(t('compose.sent', { count: sent.recipients }), { kind: 'success' });
      await refresh();
      props.onSent?.();
      close();
    } catch (err) {
      // a changed audience: the count is checked again before another try
      setPreview(null);
      setErrors(fieldErrorsOf(err, i18n.language));
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void (preview ? send() : check());
  };
  if (!ready) return null;
  const sites = options.data?.sites ?? [];
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      size="lg"
      title={fixed ? t('compose.titleTo', { participant: fixed.participantId }) : t('compose.title')}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          {!fixed && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="message-audience">
                {t('compose.audience')}
              </Text>
              <SegmentedControl
                aria-labelledby="message-audience"
                data={(['STUDY', 'SITES', 'PARTICIPANTS'] as const).map((a) => ({
                  value: a,
                  label: t(`audience.${a}`),
                }))}
                value={audience}
                onChange={changed((v: string) => setAudience(v as MessageAudience))}
                style={{ alignSelf: 'flex-start' }}
              />
            </Stack>
          )}
          {audience === 'SITES' && (
            <MultiSelect
              label={t('compose.sites')}
              description={t('compose.sitesHint')}
              data={sites.map((s) => ({ value: s.id, label: `${s.name} (${s.siteCode})` }))}
              value={siteIds}
              onChange={changed(setSiteIds)}
              error={errors.siteIds}
              required
              comboboxProps={{ withinPortal: false }}
            />
          )}
          {audience !== 'PARTICIPANTS' && (
            <MultiSelect
              label={t('compose.statuses')}
              description={t('compose.statusesHint')}
              data={PARTICIPANT_STATUSES.map((s) => ({ value: s, label: t(`participants:status.${s}`) }))}
              value={statuses}
              onChange={changed(setStatuses)}
              error={errors.statuses}
              comboboxProps={{ withinPortal: false }}
            />
          )}
          {audience === 'PARTICIPANTS' && !fixed && (
            <ParticipantPicker
              studyId={props.studyId}
              picked={picked}
              onChange={changed(setPicked)}
              error={errors.participantIds}
            />
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('compose.channels')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('compose.channelsHint')}
            </Text>
            <Group>
              <Checkbox label={t('compose.portalAlways')} checked disabled readOnly />
              {(['email', 'sms', 'push'] as const).map((c) => (
                <Checkbox
                  key={c}
                  label={t(`channel.${c}`)}
                  checked={channels[c]}
                  onChange={(e) => changed(setChannels)({ ...channels, [c]: e.currentTarget.checked })}
                />
              ))}
            </Group>
          </Stack>
          <TextInput
            label={t('compose.subject')}
            value={subject}
            maxLength={MESSAGE_SUBJECT_MAX}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errors.subject}
            required
          />
          <Textarea
            label={t('compose.body')}
            description={t('compose.bodyHint')}
            value={body}
            maxLength={MESSAGE_BODY_MAX}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={errors.body}
            required
            rows={7}
          />
          <Text size="xs" c="dimmed" ta="right">
            {t('compose.characters', { count: body.length, max: MESSAGE_BODY_MAX })}
          </Text>
          {preview && <Reach preview={preview} channels={channels} />}
          {preview && preview.total > 0 && <Text size="sm">{t('compose.confirm')}</Text>}
          {refusal && Object.keys(errors).length === 0 && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('compose.cancel')}
            </Button>
            {preview && (
              <Button variant="default" onClick={() => setPreview(null)}>
                {t('compose.back')}
              </Button>
            )}
            {preview ? (
              preview.total > 0 && (
                <Button type="submit" loading={busy}>
                  {preview.total === 1 ? t('compose.sendOne') : t('compose.send', { count: preview.total })}
                </Button>
              )
            ) : (
              <Button type="submit" loading={busy}>
                {t('compose.check')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
