/**
 * #/studies/:studyId/previewpage (C-006) and #/studies/:studyId/review/generate-prototype (C-064;
 * decision 0043): the participant portal showing a frozen copy of the draft. The preview opens one for
 * two hours in a frame sized like a phone, a tablet or a desktop; a shared prototype is a link for
 * reviewers without an account, valid for the days chosen, shown once, withdrawn with a reason; while it
 * is shown, its kit per platform (H-013) can be downloaded.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  createStudyPrototype,
  downloadStudyPrototypeKit,
  listStudyPrototypes,
  PROTOTYPE_PLATFORMS,
  PROTOTYPE_VALID_DAYS,
  type PrototypePlatform,
  prototypeTokenOf,
  revokeStudyPrototype,
  type StudyPrototype,
} from '@trialpath/contract';
import { DataTable, type DataTableColumn, TableEmpty, useServerPaging } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api';
import { saveBase64File } from '../../shared/download';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { useReasonLabels, useStudyPage, VersionsFrame } from './VersionsFrame';

type Made = StudyPrototype & { url: string };
const DEVICES = { phone: 390, tablet: 768, desktop: 1200 } as const;
type Device = keyof typeof DEVICES;

/** A prototype link as a person copies it: the portal's full address. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

export function PreviewPage() {
  const { t, i18n } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const [made, setMade] = useState<Made | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [device, setDevice] = useState<Device>('phone');
  const open = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      setMade(await api.call(createStudyPrototype, { params: { studyId }, body: { purpose: 'PREVIEW' } }));
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  }, [studyId, t]);
  // One preview per visit (React's development double effect must not make two).
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (opened.current === studyId) return;
    opened.current = studyId;
    void open();
  }, [studyId, open]);

  return (
    <VersionsFrame title={t('prototype.previewTitle')} intro={t('prototype.previewIntro')}>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label={t('prototype.device')}
            value={device}
            onChange={(v) => setDevice(v as Device)}
            data={[
              { value: 'phone', label: t('prototype.phone') },
              { value: 'tablet', label: t('prototype.tablet') },
              { value: 'desktop', label: t('prototype.desktop') },
            ]}
          />
          <Group gap="sm">
            {made && (
              <Anchor href={made.url} target="_blank" rel="noopener" size="sm">
                {t('prototype.openTab')}
              </Anchor>
            )}
            <Button variant="default" loading={busy} onClick={() => void open()}>
              {t('prototype.refresh')}
            </Button>
          </Group>
        </Group>
        {made && (
          <Text size="sm" c="dimmed" mt="sm" data-testid="preview-facts">
            {t('prototype.previewFacts', {
              number: made.versionNumber,
              until: new Date(made.expiresAt).toLocaleString(i18n.language),
            })}
          </Text>
        )}
      </Paper>
      {made && (
        <Group justify="center">
          <iframe
            key={made.id}
            src={made.url}
            title={t('prototype.frameTitle')}
            style={{
              width: '100%',
              maxWidth: DEVICES[device],
              height: 760,
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 12,
              background: 'white',
            }}
          />
        </Group>
      )}
    </VersionsFrame>
  );
}

function NewPrototype({ onMade }: { onMade: (p: Made) => void }) {
  const { t } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const [days, setDays] = useState('7');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = { purpose: 'SHARE' as const, validDays: Number(days), ...(note.trim() ? { note } : {}) };
      onMade(await api.call(createStudyPrototype, { params: { studyId }, body }));
      setNote('');
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('prototype.validFor')}
            data={PROTOTYPE_VALID_DAYS.map((d) => ({ value: String(d), label: t('prototype.days', { count: d }) }))}
            value={days}
            onChange={(v) => v && setDays(v)}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            label={t('prototype.note')}
            description={t('prototype.noteHint')}
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button loading={busy} onClick={() => void make()}>
            {t('prototype.generate')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** H-013: the link's kit for a reviewer's platform, made while the link (and so its token) is on screen. */
function PlatformKits({ made }: { made: Made }) {
  const { t } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const [busy, setBusy] = useState<PrototypePlatform | null>(null);
  const [error, setError] = useState<string | null>(null);
  const token = prototypeTokenOf(made.url);
  if (!token) return null;
  const download = async (platform: PrototypePlatform) => {
    setBusy(platform);
    setError(null);
    try {
      const file = await api.call(downloadStudyPrototypeKit, {
        params: { studyId, prototypeId: made.id },
        body: { platform, token },
      });
      saveBase64File(file.fileName, file.base64);
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('prototype.kitTitle')}
      </Text>
      <Text size="sm">{t('prototype.kitText')}</Text>
      <Group gap="sm">
        {PROTOTYPE_PLATFORMS.map((p) => (
          <Button
            key={p}
            size="xs"
            variant="default"
            loading={busy === p}
            disabled={busy !== null && busy !== p}
            onClick={() => void download(p)}
          >
            {t(`prototype.kit_${p}`)}
          </Button>
        ))}
      </Group>
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function MadeLink({ made }: { made: Made }) {
  const { t, i18n } = useTranslation('versions');
  const link = absolute(made.url);
  return (
    <Alert
      color="teal"
      variant="light"
      title={t('prototype.madeTitle')}
      role="status"
      // The light teal's own title colour is too faint to read (WCAG contrast).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('prototype.madeText', { until: new Date(made.expiresAt).toLocaleString(i18n.language) })}
        </Text>
        <TextInput readOnly value={link} aria-label={t('prototype.link')} onFocus={(e) => e.currentTarget.select()} />
        <Group gap="sm">
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button size="xs" variant={copied ? 'light' : 'filled'} onClick={copy}>
                {copied ? t('prototype.copied') : t('prototype.copy')}
              </Button>
            )}
          </CopyButton>
          <Anchor href={made.url} target="_blank" rel="noopener" size="sm">
            {t('prototype.openTab')}
          </Anchor>
        </Group>
        <PlatformKits made={made} />
      </Stack>
    </Alert>
  );
}

const STATE_COLORS = { ACTIVE: 'teal.9', EXPIRED: 'gray.8', REVOKED: 'red.9' } as const;

export function GeneratePrototypePage() {
  const { t, i18n } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const queryClient = useQueryClient();
  const reasonLabels = useReasonLabels();
  const { page, pageSize, pagingOf } = useServerPaging(25);
  const [made, setMade] = useState<Made | null>(null);
  const [withdrawing, setWithdrawing] = useState<StudyPrototype | null>(null);
  const list = useEndpointQuery(listStudyPrototypes, { params: { studyId }, query: { pageNum: page, pageSize } });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const columns: DataTableColumn<StudyPrototype>[] = [
    { id: 'created', header: t('prototype.created'), cell: (p) => `${when(p.createdAt)} · ${p.createdBy.name}` },
    { id: 'version', header: t('prototype.version'), cell: (p) => p.versionNumber },
    { id: 'note', header: t('prototype.note'), cell: (p) => p.note ?? '' },
    { id: 'until', header: t('prototype.until'), cell: (p) => when(p.expiresAt) },
    {
      id: 'state',
      header: t('prototype.state'),
      cell: (p) => (
        <Badge variant="outline" color={STATE_COLORS[p.state]} tt="none">
          {t(`prototype.state_${p.state}`)}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('prototype.actions'),
      cell: (p) =>
        p.state === 'ACTIVE' ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => setWithdrawing(p)}>
            {t('prototype.withdraw')}
          </Button>
        ) : null,
    },
  ];
  return (
    <VersionsFrame title={t('prototype.shareTitle')} intro={t('prototype.shareIntro')}>
      <NewPrototype
        onMade={(p) => {
          setMade(p);
          void invalidateEndpoints(queryClient, listStudyPrototypes);
        }}
      />
      {made && <MadeLink made={made} />}
      <DataTable
        label={t('prototype.listLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        loading={list.isFetching}
        error={
          list.isError
            ? {
                title: errorMessage(list.error, t('common.failed')),
                retry: () => list.refetch(),
                retryLabel: t('prototype.retry'),
              }
            : null
        }
        empty={<TableEmpty title={t('prototype.empty')} hint={t('prototype.emptyHint')} />}
        paging={list.data && pagingOf(list.data.total)}
        minWidth={760}
        labels={{
          pageSize: t('prototype.pageSize'),
          pages: t('prototype.pages'),
          count: (count) => t('prototype.count', { count }),
        }}
      />
      <ReasonDialog
        opened={withdrawing !== null}
        title={t('prototype.withdrawTitle')}
        labels={{ ...reasonLabels, confirm: t('prototype.withdraw') }}
        color="red"
        onClose={() => setWithdrawing(null)}
        onConfirm={async (reason) => {
          if (!withdrawing) return;
          await api.call(revokeStudyPrototype, {
            params: { studyId, prototypeId: withdrawing.id },
            body: { reason },
          });
          setWithdrawing(null);
          await invalidateEndpoints(queryClient, listStudyPrototypes);
        }}
      >
        <Text size="sm">{t('prototype.withdrawText')}</Text>
      </ReasonDialog>
    </VersionsFrame>
  );
}
