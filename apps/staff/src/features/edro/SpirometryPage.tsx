/**
 * #/studies/:studyId/eDro/forced-spirometry (C-019, decision 0045): the forced-spirometry settings of the
 * study's draft version — its `spirometry` content section, saved whole with the revision read through the
 * draft section save every content screen uses (a save over someone else's newer one is refused and the
 * edits kept) — and below them a session grader that applies the settings as they stand, saved or not.
 * Read-only, with the reason, when the version shown is not a draft, the study can no longer change, or the
 * person may not design the study.
 */
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  ApiRequestError,
  DRAFT_SECTION_ENDPOINTS,
  getStudy,
  getStudyVersion,
  listStudyVersions,
  type StudyVersionContent,
} from '@trialpath/contract';
import {
  can,
  defaultStudyContent,
  isStudyBuildable,
  isTestTwinPath,
  isVersionEditable,
  issueFieldRefs,
  readSpirometrySettings,
  refText,
  sectionTitleKey,
  type SpirometrySettings,
  SpirometrySettingsSchema,
  testTwinPath,
  translate,
} from '@trialpath/domain';
import { ErrorAlert, notify, useUnsavedChangesGuard } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { api } from '../../shared/api';
import { authoritiesFor } from '../../shared/authorities';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { storage } from '../../shared/storage';
import { GradingPanel } from './GradingPanel';

/** The settings as typed: a number field holds its text while it is not a plain number ('', '72.0'). */
type NumberKey = 'minEfforts' | 'maxEfforts' | 'repeatabilityMl' | 'lowRatioAlertPercent';
export type SettingsDraft = Omit<SpirometrySettings, NumberKey> & { [K in NumberKey]: number | string };

/** The draft checked by the section's schema: its value to save, or the message of each field refused. */
export function checkSettings(
  draft: SettingsDraft,
  lang: string,
): { value: SpirometrySettings | null; errors: Record<string, string> } {
  // An empty number is missing (required), not left to its default; a text is read as the number it shows.
  const input = Object.fromEntries(
    Object.entries(draft).map(([k, v]) => [k, typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v]),
  );
  const r = SpirometrySettingsSchema.safeParse(input);
  if (r.success) return { value: r.data, errors: {} };
  const refs = issueFieldRefs(r.error.issues, input);
  return {
    value: null,
    errors: Object.fromEntries(
      Object.entries(refs).map(([f, list]) => [f, list.map((ref) => refText(ref, lang)).join(' ')]),
    ),
  };
}

/** A study address on the page's own data space (a test twin stays a twin). */
function useStudyPath(studyId: string) {
  const twin = isTestTwinPath(useLocation().pathname);
  return (path: string) => {
    const live = `/studies/${studyId}/${path}`;
    return twin ? testTwinPath(live) : live;
  };
}

/** Whether the person may design this study (the settings' read and save need it; the server decides again). */
function mayDesignStudy(studyId: string): boolean {
  const readOnly = storage.getUser<{ readOnly?: boolean }>()?.readOnly ?? false;
  return !readOnly && authoritiesFor(studyId, storage).some((a) => can(a, 'studies.design'));
}

/** The settings' fields; each shows its refusal, from the form's own check or from the server. */
function SettingsFields({
  value,
  onChange,
  readOnly,
  errors,
}: {
  value: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('edro');
  const set = (patch: Partial<SettingsDraft>) => onChange({ ...value, ...patch });
  const described = {
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
  return (
    <Stack gap="md">
      <Switch
        label={t('settings.enabled')}
        checked={value.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
        disabled={readOnly}
        error={errors.enabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('settings.minEfforts')}
          description={t('settings.minEffortsHint')}
          {...described}
          value={value.minEfforts}
          onChange={(v) => set({ minEfforts: v })}
          allowDecimal={false}
          disabled={readOnly}
          error={errors.minEfforts}
        />
        <NumberInput
          label={t('settings.maxEfforts')}
          description={t('settings.maxEffortsHint')}
          {...described}
          value={value.maxEfforts}
          onChange={(v) => set({ maxEfforts: v })}
          allowDecimal={false}
          disabled={readOnly}
          error={errors.maxEfforts}
        />
        <NumberInput
          label={t('settings.repeatabilityMl')}
          description={t('settings.repeatabilityMlHint')}
          {...described}
          value={value.repeatabilityMl}
          onChange={(v) => set({ repeatabilityMl: v })}
          allowDecimal={false}
          step={10}
          disabled={readOnly}
          error={errors.repeatabilityMl}
        />
        <NumberInput
          label={t('settings.lowRatioAlertPercent')}
          description={t('settings.lowRatioAlertPercentHint')}
          {...described}
          value={value.lowRatioAlertPercent}
          onChange={(v) => set({ lowRatioAlertPercent: v })}
          decimalScale={1}
          disabled={readOnly}
          error={errors.lowRatioAlertPercent}
        />
      </SimpleGrid>
      <Checkbox
        label={t('settings.recordPef')}
        checked={value.recordPef}
        onChange={(e) => set({ recordPef: e.currentTarget.checked })}
        disabled={readOnly}
        error={errors.recordPef}
      />
    </Stack>
  );
}

/** The settings panel: a section of its own with its title. */
function SettingsPanel({ children, status }: { children: ReactNode; status?: ReactNode }) {
  const { t } = useTranslation('edro');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="settings-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="settings-title">
            {t('settings.title')}
          </Title>
          {status}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The draft's section edited in memory and saved whole with the revision read. A save over someone else's
 * newer one (409 DRAFT_CONFLICT) keeps the edits to put back after reloading; leaving unsaved asks first.
 */
function SpirometryEditor({
  studyId,
  version,
  readOnly,
}: {
  studyId: string;
  version: StudyVersionContent;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation('edro');
  const queryClient = useQueryClient();
  const [revision, setRevision] = useState(version.sectionRevisions.spirometry);
  const [saved, setSaved] = useState<SettingsDraft>(version.content.spirometry);
  const [value, setValue] = useState<SettingsDraft>(version.content.spirometry);
  const [kept, setKept] = useState<SettingsDraft | null>(null);
  const [conflict, setConflict] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !readOnly && JSON.stringify(value) !== JSON.stringify(saved);
  const guard = useUnsavedChangesGuard(dirty);
  const checked = checkSettings(value, i18n.language);
  const errors = { ...serverErrors, ...checked.errors };
  const sectionTitle = translate(sectionTitleKey('spirometry'), undefined, i18n.language);

  const edit = (next: SettingsDraft) => {
    setValue(next);
    setServerErrors({});
  };

  const save = async () => {
    if (!checked.value) return;
    setSaving(true);
    setError(null);
    setServerErrors({});
    try {
      const done = await api.call(DRAFT_SECTION_ENDPOINTS.spirometry, {
        params: { studyId, versionId: version.id },
        body: { revision, value: checked.value },
      });
      setRevision(done.revision);
      setSaved(done.value);
      setValue(done.value);
      setKept(null);
      notify(t('save.saved'), { kind: 'success' });
      void invalidateEndpoints(queryClient, getStudyVersion);
    } catch (e) {
      if (e instanceof ApiRequestError && e.body?.code === 'DRAFT_CONFLICT') setConflict(true);
      else {
        const fields = fieldErrorsOf(e, i18n.language);
        setServerErrors(Object.fromEntries(Object.entries(fields).map(([f, m]) => [f.replace(/^value\./, ''), m])));
        setError(refusalText(e, i18n.language, t('save.failed')));
      }
    } finally {
      setSaving(false);
    }
  };

  /** Loads the other person's save; the person's own edits stay at hand to put back. */
  const reload = async () => {
    try {
      const latest = await api.call(getStudyVersion, { params: { studyId, versionId: version.id } });
      setKept(value);
      setRevision(latest.sectionRevisions.spirometry);
      setSaved(latest.content.spirometry);
      setValue(latest.content.spirometry);
      setConflict(false);
      void invalidateEndpoints(queryClient, getStudyVersion);
    } catch (e) {
      setError(refusalText(e, i18n.language, t('save.failed')));
    }
  };

  return (
    <>
      <SettingsPanel
        status={
          !readOnly && (
            <Text size="sm" fw={600} aria-live="polite">
              {dirty ? t('save.unsaved') : t('save.clean')}
            </Text>
          )
        }
      >
        <SettingsFields value={value} onChange={edit} readOnly={readOnly} errors={errors} />
        {!readOnly && (
          <Stack gap="sm">
            {conflict && (
              <Alert color="red" variant="light" role="alert">
                <Stack gap="xs">
                  <Text size="sm">{translate('versions.draftConflict', { section: sectionTitle }, i18n.language)}</Text>
                  <Group>
                    <Button size="xs" color="red.9" onClick={() => void reload()}>
                      {t('save.reload')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {kept && (
              <Alert color="blue" variant="light">
                <Group justify="space-between" wrap="wrap">
                  <Text size="sm">{t('save.kept')}</Text>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => {
                        setValue(kept);
                        setKept(null);
                      }}
                    >
                      {t('save.putBack')}
                    </Button>
                    <Button size="xs" variant="subtle" onClick={() => setKept(null)}>
                      {t('save.discard')}
                    </Button>
                  </Group>
                </Group>
              </Alert>
            )}
            {error && <ErrorAlert>{error}</ErrorAlert>}
            {dirty && !checked.value && (
              <Text size="sm" c="red.9" role="status">
                {t('save.invalid')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button onClick={() => void save()} loading={saving} disabled={conflict || !dirty || !checked.value}>
                {t('save.save')}
              </Button>
            </Group>
          </Stack>
        )}
        {guard}
      </SettingsPanel>
      <GradingPanel settings={readSpirometrySettings(checked.value ?? value)} />
    </>
  );
}

/** The study, its versions and the version shown (the draft, else the newest: read-only). */
function useSpirometryData(studyId: string, mayDesign: boolean) {
  const study = useEndpointQuery(getStudy, { params: { studyId } });
  const versions = useEndpointQuery(listStudyVersions, { params: { studyId } }, { enabled: mayDesign });
  const items = versions.data?.items ?? [];
  const versionId = items.find((v) => v.status === 'DRAFT')?.id ?? items[0]?.id ?? null;
  const version = useEndpointQuery(
    getStudyVersion,
    { params: { studyId, versionId: versionId ?? '' } },
    { enabled: mayDesign && versionId !== null },
  );
  const queries = [study, versions, version];
  return {
    study,
    version,
    noVersion: versions.data !== undefined && items.length === 0,
    failed: queries.some((q) => q.isError),
    retry: () => {
      for (const q of queries) void q.refetch();
    },
  };
}

function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <Alert color="blue" variant="light" data-testid="read-only">
      {children}
    </Alert>
  );
}

export function ForcedSpirometryPage() {
  const { t } = useTranslation('edro');
  const { studyId = '' } = useParams();
  const to = useStudyPath(studyId);
  const mayDesign = mayDesignStudy(studyId);
  const data = useSpirometryData(studyId, mayDesign);
  const study = data.study.data;
  const version = data.version.data;

  let body: ReactNode;
  if (!mayDesign) {
    // The version cannot be read without the design permission: the standard settings, shown read-only.
    const standard = defaultStudyContent().spirometry;
    body = (
      <>
        <ReadOnlyNote>{t('readOnly.noDesign')}</ReadOnlyNote>
        <SettingsPanel>
          <SettingsFields value={standard} onChange={() => undefined} readOnly errors={{}} />
        </SettingsPanel>
        <GradingPanel settings={standard} />
      </>
    );
  } else if (data.failed) {
    body = (
      <Alert color="red" variant="light" title={t('frame.loadError')}>
        <Button size="xs" variant="light" onClick={data.retry}>
          {t('frame.retry')}
        </Button>
      </Alert>
    );
  } else if (data.noVersion) {
    body = (
      <Alert color="gray" variant="light">
        {t('frame.noVersion')}
      </Alert>
    );
  } else if (version && study) {
    const notDraft = !isVersionEditable(version.status);
    const closed = !isStudyBuildable(study.status);
    body = (
      <>
        <Text size="sm" data-testid="version-shown">
          {t('frame.version', { name: version.name, status: t(`status.${version.status}`) })}
        </Text>
        {notDraft ? (
          <ReadOnlyNote>{t('readOnly.notDraft')}</ReadOnlyNote>
        ) : closed ? (
          <ReadOnlyNote>{t('readOnly.closed')}</ReadOnlyNote>
        ) : null}
        {/* A new version (or a reload of it) starts the editor afresh. */}
        <SpirometryEditor key={version.id} studyId={studyId} version={version} readOnly={notDraft || closed} />
      </>
    );
  } else {
    body = (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('frame.loading')}</Text>
      </Group>
    );
  }

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={to('dashboard')} size="sm">
          ← {study?.name ?? t('frame.study')}
        </Anchor>
        {mayDesign && (
          <Anchor component={Link} to={to('customize/edros')} size="sm">
            {t('frame.edros')}
          </Anchor>
        )}
      </Group>
      <div>
        <Title order={1} fz={26}>
          {t('spirometry.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('spirometry.intro')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}
