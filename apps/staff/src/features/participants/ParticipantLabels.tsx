/**
 * Participant labels (E-087, E-088): the study's labels managed in a dialog (add, rename, recolour, delete with
 * confirmation), and the labels of one participant picked in another. A refusal stays in the dialog.
 */
import {
  ActionIcon,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  createParticipantLabel,
  deleteParticipantLabel,
  getParticipantListOptions,
  listParticipantLabels,
  listParticipantStatusChanges,
  listParticipants,
  type ParticipantLabel,
  setParticipantLabels,
  updateParticipantLabel,
} from '@trialpath/contract';
import { LABEL_COLORS, LABEL_NAME_MAX, type LabelColor } from '@trialpath/domain';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';

export function LabelBadge({ label }: { label: Pick<ParticipantLabel, 'name' | 'color'> }) {
  return (
    <Badge color={label.color} variant="light" radius="sm" tt="none" c="dark.7">
      {label.name}
    </Badge>
  );
}

/** After a write on participants: the list, its choices, the labels and the status history are read again. */
export function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    invalidateEndpoints(
      queryClient,
      listParticipants,
      listParticipantLabels,
      getParticipantListOptions,
      listParticipantStatusChanges,
    );
}

function ColorPicker({ value, onChange }: { value: LabelColor; onChange: (c: LabelColor) => void }) {
  const { t } = useTranslation('participants');
  return (
    <Select
      label={t('labels.color')}
      data={LABEL_COLORS.map((c) => ({ value: c, label: t(`colors.${c}`) }))}
      value={value}
      onChange={(v) => v && onChange(v as LabelColor)}
      allowDeselect={false}
      w={150}
      leftSection={<ColorSwatch color={`var(--mantine-color-${value}-6)`} size={14} />}
    />
  );
}

/** One label's row: shown, or edited in place. */
function LabelRow({ studyId, label }: { studyId: string; label: ParticipantLabel & { participants: number } }) {
  const { t, i18n } = useTranslation('participants');
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(label.name);
  const [color, setColor] = useState<LabelColor>(label.color);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      await api.call(updateParticipantLabel, { params: { studyId, labelId: label.id }, body: { name, color } });
      notify(t('labels.saved'), { kind: 'success' });
      setEditing(false);
      setError(null);
      await refresh();
    } catch (err) {
      setError(refusalText(err, i18n.language, t('error.generic')));
    }
  };
  const remove = async () => {
    try {
      await api.call(deleteParticipantLabel, {
        params: { studyId, labelId: label.id },
        query: { participants: label.participants },
      });
      notify(t('labels.deleted', { name: label.name }), { kind: 'success' });
      await refresh();
    } catch (err) {
      setError(refusalText(err, i18n.language, t('error.generic')));
    }
  };
  if (editing)
    return (
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('labels.name')}
          value={name}
          maxLength={LABEL_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
        />
        <ColorPicker value={color} onChange={setColor} />
        <Button onClick={save}>{t('labels.save')}</Button>
        <Button variant="default" onClick={() => setEditing(false)}>
          {t('labels.cancel')}
        </Button>
      </Group>
    );
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm">
          <LabelBadge label={label} />
          <Text size="sm" c="dimmed">
            {t('labels.carriedBy', { count: label.participants })}
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={() => setEditing(true)}>
            {t('labels.rename')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
            {t('labels.delete')}
          </Button>
        </Group>
      </Group>
      {confirming && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t('labels.confirmDelete', { name: label.name, count: label.participants })}</Text>
          <Button size="xs" color="red" onClick={remove}>
            {t('labels.delete')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
            {t('labels.cancel')}
          </Button>
        </Group>
      )}
      {error && !editing && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The study's labels, added, edited and deleted in one dialog. */
export function LabelsManager({ studyId, opened, onClose }: { studyId: string; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('participants');
  const lang = useLanguage();
  const refresh = useRefresh();
  const labels = useEndpointQuery(listParticipantLabels, { params: { studyId } }, { enabled: opened });
  const [name, setName] = useState('');
  const [color, setColor] = useState<LabelColor>('blue');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    try {
      const made = await api.call(createParticipantLabel, { params: { studyId }, body: { name, color } });
      notify(t('labels.created', { name: made.name }), { kind: 'success' });
      setName('');
      setError(null);
      await refresh();
    } catch (err) {
      setError(refusalText(err, i18n.language, t('error.generic')));
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('labels.manageTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('labels.manageHint')}
        </Text>
        {labels.data?.items.length === 0 && <Text size="sm">{t('labels.none')}</Text>}
        {labels.data?.items.map((l) => (
          <LabelRow key={l.id} studyId={studyId} label={l} />
        ))}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('labels.name')}
            value={name}
            maxLength={LABEL_NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
          />
          <ColorPicker value={color} onChange={setColor} />
          <Button onClick={add} disabled={name.trim() === ''}>
            {t('labels.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The labels of one participant, picked from the study's. */
export function ParticipantLabelsEditor(props: {
  studyId: string;
  participant: { id: string; participantId: string; labels: ParticipantLabel[] };
  labels: ParticipantLabel[];
}) {
  const { t, i18n } = useTranslation('participants');
  const lang = useLanguage();
  const refresh = useRefresh();
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setPicked(props.participant.labels.map((l) => l.id));
    setError(null);
    setOpened(true);
  };
  const save = async () => {
    try {
      await api.call(setParticipantLabels, {
        params: { studyId: props.studyId, participantId: props.participant.id },
        body: { labelIds: picked },
      });
      notify(t('labels.set'), { kind: 'success' });
      setOpened(false);
      await refresh();
    } catch (err) {
      setError(refusalText(err, i18n.language, t('error.generic')));
    }
  };
  const title = t('labels.edit', { participant: props.participant.participantId });
  return (
    <>
      <ActionIcon variant="subtle" aria-label={title} title={title} onClick={open} size="sm">
        <span aria-hidden>✎</span>
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={title}
        closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
      >
        <Stack>
          <MultiSelect
            label={t('labels.pick')}
            data={props.labels.map((l) => ({ value: l.id, label: l.name }))}
            value={picked}
            onChange={setPicked}
            error={error}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('labels.cancel')}
            </Button>
            <Button onClick={save}>{t('labels.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
