/**
 * The study build's own screens (issue 9, decision 0031): a new study (drawer on the list), study
 * details (view and edit), manage (status with reason, delete while in design), launch and
 * study-build-progress (the gaps, each with a link to where it is fixed). review/approval and its confirm
 * step are in StudyApprovalPages.tsx, the design overview in StudyDesignPage.tsx (decision 0041).
 */
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Drawer,
  Group,
  List,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  createStudy,
  getStudyBuildProgress,
  getStudyRecord,
  launchStudy,
  listLanguages,
  listSupportedCountries,
  type ReadinessGapItem,
  type StudyRecord,
  StudyFieldsSchema,
  setStudyStatus,
  updateStudy,
} from '@trialpath/contract';
import {
  type MessageKey,
  productFlags,
  STUDY_PRODUCTS,
  type StudyProduct,
  sectionTitleKey,
  type StudyContentSection,
  serverMessageText,
  translate,
} from '@trialpath/domain';
import { applyServerFieldErrors, notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useContractForm } from '@trialpath/ui';
import i18n from '../../i18n';
import { ApiRequestError, api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { studyFeatures } from '../../shared/study-features';
import { StatusBadge } from '../studies/StatusBadge';

function refusal(e: unknown): string {
  const t = i18n.getFixedT(i18n.language, 'study-build');
  if (e instanceof ApiRequestError) return serverMessageText(e.body, i18n.language) || e.message;
  return t('build.failed');
}

/** Runs a call; a refusal goes on the form's fields when it names them, else above the form. */
export function useRun(form?: Parameters<typeof applyServerFieldErrors>[1]) {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    run: async (work: () => Promise<void>) => {
      setError(null);
      try {
        await work();
      } catch (e) {
        if (form && applyServerFieldErrors(e, form, i18n.language)) return;
        setError(refusal(e));
      }
    },
  };
}

function useOptions() {
  const languages = useEndpointQuery(listLanguages, {});
  const countries = useEndpointQuery(listSupportedCountries, {});
  return {
    languages: (languages.data?.items ?? []).map((l) => ({ value: l.id, label: `${l.displayName} (${l.id})` })),
    countries: (countries.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
  };
}

const EMPTY = {
  code: '',
  name: '',
  description: '',
  therapeuticArea: '',
  sponsorName: '',
  languages: ['en'] as string[],
  countries: [] as string[],
  products: [] as StudyProduct[],
};

function StudyFieldsForm({
  initial,
  codeLocked,
  submitLabel,
  onSave,
}: {
  initial: typeof EMPTY;
  codeLocked?: boolean;
  submitLabel: string;
  onSave: (v: typeof EMPTY) => Promise<void>;
}) {
  const { t } = useTranslation(['study-build', 'studies']);
  const form = useContractForm(StudyFieldsSchema, { defaultValues: initial });
  const { register, handleSubmit, formState, control } = form;
  const failure = useRun(form);
  const options = useOptions();
  const e = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit((v) => failure.run(() => onSave(v as typeof EMPTY)))}>
      <Stack gap="sm">
        {failure.error && (
          <Alert color="red" variant="light" role="alert">
            {failure.error}
          </Alert>
        )}
        <TextInput label={t('build.name')} withAsterisk {...register('name')} error={e.name?.message as string} />
        <TextInput
          label={t('build.code')}
          description={t('build.codeHelp')}
          withAsterisk
          readOnly={codeLocked}
          {...register('code')}
          error={e.code?.message as string}
        />
        <TextInput label={t('build.sponsor')} {...register('sponsorName')} error={e.sponsorName?.message as string} />
        <TextInput
          label={t('build.therapeuticArea')}
          {...register('therapeuticArea')}
          error={e.therapeuticArea?.message as string}
        />
        <Textarea
          label={t('build.description')}
          autosize
          minRows={2}
          {...register('description')}
          error={e.description?.message as string}
        />
        <Controller
          control={control}
          name="languages"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('build.languages')}
              description={t('build.languagesHelp')}
              withAsterisk
              data={options.languages}
              value={field.value as string[]}
              onChange={field.onChange}
              error={fieldState.error?.message}
              // Searchable: a not-searchable MultiSelect with a choice made hides its input from the keyboard.
              searchable
            />
          )}
        />
        <Controller
          control={control}
          name="countries"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('build.countries')}
              data={options.countries}
              value={field.value as string[]}
              onChange={field.onChange}
              error={fieldState.error?.message}
              searchable
            />
          )}
        />
        <Controller
          control={control}
          name="products"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label={t('build.products')}
              description={t('build.productsHelp')}
              value={(field.value as string[] | undefined) ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <Group gap="md" mt={6}>
                {STUDY_PRODUCTS.map((p) => (
                  <Checkbox key={p} value={p} label={t(`studies:study.feature_${p}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "New study" on the studies list: a drawer with the contract's rules; on success, the new study's details. */
export function NewStudyDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['study-build', 'studies']);
  const navigate = useNavigate();
  const lang = useLanguage();
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={t('build.newStudy')}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <StudyFieldsForm
        initial={EMPTY}
        submitLabel={t('build.create')}
        onSave={async (v) => {
          const s = await api.call(createStudy, { body: v });
          notify(t('build.created', { code: s.code }), { kind: 'success' });
          onClose();
          navigate(`/studies/${s.id}/study-details`);
        }}
      />
    </Drawer>
  );
}

export function useStudyRecord() {
  const { studyId = '' } = useParams();
  const record = useEndpointQuery(getStudyRecord, { params: { studyId } });
  return { studyId, record };
}

export function StudyHeader({ s, title }: { s: StudyRecord; title: string }) {
  const { t } = useTranslation(['study-build', 'studies']);
  return (
    <Stack gap={4}>
      <Anchor component={Link} to="/studies" size="sm">
        {t('studies:study.allStudies')}
      </Anchor>
      <Group gap="sm">
        <Title order={1} fz={26}>
          {title}
        </Title>
        <StatusBadge status={s.status} />
      </Group>
      <Text c="dimmed" size="sm">
        {s.name} · {s.code}
      </Text>
      <Group gap="md">
        {(
          [
            'design',
            'study-details',
            'manage',
            'study-build-progress',
            'launch',
            'review/study-summary',
            'review/approval',
          ] as const
        ).map((p) => (
          <Anchor key={p} component={Link} to={`/studies/${s.id}/${p}`} size="sm">
            {t(`build.nav.${p}`)}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

export function Loading({ failed }: { failed: boolean }) {
  const { t } = useTranslation(['study-build', 'studies']);
  return failed ? (
    <Alert color="red" variant="light">
      {t('studies:study.loadError')}
    </Alert>
  ) : (
    <Text c="dimmed">{t('build.loading')}</Text>
  );
}

const fieldsOf = (s: StudyRecord) => ({
  code: s.code,
  name: s.name,
  description: s.description ?? '',
  therapeuticArea: s.therapeuticArea ?? '',
  sponsorName: s.sponsorName ?? '',
  languages: s.languages.map((l) => l.id),
  countries: s.countries.map((c) => c.id),
  products: s.products,
});

/** #/studies/:studyId/study-details: the study's fields, edited with the revision read. */
export function StudyDetailsPage() {
  const { t } = useTranslation(['study-build', 'studies']);
  const { studyId, record } = useStudyRecord();
  const queryClient = useQueryClient();
  const s = record.data;
  if (!s) return <Loading failed={record.isError} />;
  return (
    <Stack gap="md" maw={760} mx="auto">
      <StudyHeader s={s} title={t('build.nav.study-details')} />
      <Paper withBorder p="md" radius="md">
        <StudyFieldsForm
          key={s.revision}
          initial={fieldsOf(s)}
          codeLocked={s.status !== 'DESIGN'}
          submitLabel={t('build.save')}
          onSave={async (v) => {
            const saved = await api.call(updateStudy, { params: { studyId }, body: { ...v, revision: s.revision } });
            // The study's menus follow its products (the features of A-165) at once, not at the next entry.
            studyFeatures.set(studyId, { ...studyFeatures.get(studyId), ...productFlags(saved.products) });
            notify(t('build.saved'), { kind: 'success' });
            await invalidateEndpoints(queryClient, getStudyRecord);
          }}
        />
      </Paper>
    </Stack>
  );
}

/** #/studies/:studyId/manage: move the study along its lifecycle with a reason; delete while in design. */
export function StudyManagePage() {
  const { t } = useTranslation(['study-build', 'studies']);
  const { studyId, record } = useStudyRecord();
  const queryClient = useQueryClient();
  const [to, setTo] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const failure = useRun();
  const s = record.data;
  if (!s) return <Loading failed={record.isError} />;
  const moves = s.nextStatuses.filter((x) => x !== 'LIVE' || s.status !== 'DESIGN');
  const submit = () =>
    failure.run(async () => {
      if (!reason.trim()) {
        setReasonError(translate('errors.required', undefined, i18n.language));
        return;
      }
      setReasonError(null);
      await api.call(setStudyStatus, { params: { studyId }, body: { status: to as StudyRecord['status'], reason } });
      notify(t('build.statusChanged'), { kind: 'success' });
      setTo(null);
      setReason('');
      await invalidateEndpoints(queryClient, getStudyRecord);
    });
  return (
    <Stack gap="md" maw={760} mx="auto">
      <StudyHeader s={s} title={t('build.nav.manage')} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {failure.error && (
            <Alert color="red" variant="light" role="alert">
              {failure.error}
            </Alert>
          )}
          {moves.length === 0 ? (
            <Text>{t('build.noMoves')}</Text>
          ) : (
            <>
              <Select
                label={t('build.newStatus')}
                data={moves.map((m) => ({ value: m, label: t(`studies:studies.status_${m}`) }))}
                value={to}
                onChange={setTo}
              />
              <Textarea
                label={t('build.reason')}
                withAsterisk
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={reasonError}
              />
              <Group justify="flex-end">
                <Button color={to === 'DELETED' ? 'red' : undefined} disabled={!to} onClick={submit}>
                  {to === 'DELETED' ? t('build.delete') : t('build.changeStatus')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

const AREA_PATH: Record<ReadinessGapItem['area'], string> = {
  manage: 'manage',
  details: 'study-details',
  versions: 'version-management/history',
  sites: 'research-sites',
  content: 'customize-screens',
  approval: 'review/approval',
};

/** A gap in the interface language; a section is named by its title. */
export function gapText(g: ReadinessGapItem): string {
  const params = { ...(g.params ?? {}) };
  if (typeof params.section === 'string')
    params.section = translate(sectionTitleKey(params.section as StudyContentSection), undefined, i18n.language);
  return translate(g.messageKey as MessageKey, params, i18n.language);
}

/** #/studies/:studyId/study-build-progress and #/studies/:studyId/launch: the gaps, and the launch. */
export function StudyBuildProgressPage({ launch = false }: { launch?: boolean }) {
  const { t } = useTranslation(['study-build', 'studies']);
  const { studyId, record } = useStudyRecord();
  const progress = useEndpointQuery(getStudyBuildProgress, { params: { studyId } });
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const failure = useRun();
  const s = record.data;
  const p = progress.data;
  if (!s || !p) return <Loading failed={record.isError || progress.isError} />;
  const title = launch ? t('build.nav.launch') : t('build.nav.study-build-progress');
  return (
    <Stack gap="md" maw={760} mx="auto">
      <StudyHeader s={s} title={title} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {p.ready ? t('build.ready') : t('build.gapsTitle', { count: p.gaps.length })}
          </Title>
          {p.gaps.length > 0 && (
            <List spacing="xs" aria-label={t('build.gapsList')}>
              {p.gaps.map((g) => (
                <List.Item key={`${g.id}-${JSON.stringify(g.params ?? {})}`}>
                  {gapText(g)}{' '}
                  <Anchor component={Link} to={`/studies/${studyId}/${AREA_PATH[g.area]}`} size="sm">
                    {t(`build.fix.${g.area}`)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
          {launch && s.status === 'DESIGN' && (
            <>
              {failure.error && (
                <Alert color="red" variant="light" role="alert">
                  {failure.error}
                </Alert>
              )}
              <Textarea
                label={t('build.launchNote')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button
                  disabled={!p.ready}
                  onClick={() =>
                    failure.run(async () => {
                      await api.call(launchStudy, { params: { studyId }, body: reason.trim() ? { reason } : {} });
                      notify(t('build.launched'), { kind: 'success' });
                      await invalidateEndpoints(queryClient, getStudyRecord, getStudyBuildProgress);
                    })
                  }
                >
                  {t('build.launch')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

export function StudyLaunchPage() {
  return <StudyBuildProgressPage launch />;
}

export { StudyApprovalConfirmPage, StudyApprovalPage } from './StudyApprovalPages';
export { StudyDesignPage } from './StudyDesignPage';
export { StudySummaryPage } from './StudySummaryPage';
