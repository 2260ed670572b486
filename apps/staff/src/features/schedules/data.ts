/**
 * What every schedules screen reads (decision 0044): the study (its languages), its versions, the version
 * shown (the draft, else the newest: read-only) with its content, and the study's own activities; and the
 * save of one of the version's two activity sections (studyActivities, schedule) with the revision read.
 */
import {
  type ActivityListItem,
  ApiRequestError,
  DRAFT_SECTION_ENDPOINTS,
  getStudy,
  getStudyVersion,
  listActivities,
  listStudyVersions,
  type StudyVersionContent,
} from '@trialpath/contract';
import { isTestTwinPath, type StudyContent, testTwinPath } from '@trialpath/domain';
import { notify, useUnsavedChangesGuard } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';

export type PlanSection = 'studyActivities' | 'schedule';

/** A study address on the page's own data space (a test twin stays a twin). */
export function useStudyPath(studyId: string) {
  const { pathname } = useLocation();
  const twin = isTestTwinPath(pathname);
  return (path: string) => {
    const live = `/studies/${studyId}/${path}`;
    return twin ? testTwinPath(live) : live;
  };
}

/** The study, the version shown and the study's activities (one page of 100: a study rarely has more). */
export function usePlanData(studyId: string) {
  const study = useEndpointQuery(getStudy, { params: { studyId } });
  const versions = useEndpointQuery(listStudyVersions, { params: { studyId } });
  const items = versions.data?.items ?? [];
  const versionId = items.find((v) => v.status === 'DRAFT')?.id ?? items[0]?.id ?? null;
  const version = useEndpointQuery(
    getStudyVersion,
    { params: { studyId, versionId: versionId ?? '' } },
    { enabled: versionId !== null },
  );
  const activities = useEndpointQuery(listActivities, {
    query: { studyId, archived: 'false', pageNum: 1, pageSize: 100 },
  });
  const queries = [study, versions, version, activities];
  return {
    study,
    versions,
    version,
    activities,
    noVersion: versions.data !== undefined && items.length === 0,
    failed: queries.some((q) => q.isError),
    retry: () => {
      for (const q of queries) void q.refetch();
    },
  };
}

export interface Loaded {
  studyId: string;
  version: StudyVersionContent;
  readOnly: boolean;
  /** The study's languages, the default first. */
  languages: string[];
  /** The study's activities (not archived), by id. */
  activities: Map<string, ActivityListItem>;
}

type SectionValue<S extends PlanSection> = StudyContent[S];

/**
 * One section of the version, edited in memory and saved whole with the revision read. A save over someone
 * else's newer one is refused (409 DRAFT_CONFLICT): the edits are kept and can be put back after reloading.
 * Leaving with unsaved edits asks first.
 */
export function useSection<S extends PlanSection>(loaded: Loaded, section: S) {
  const { t, i18n } = useTranslation('schedules');
  const queryClient = useQueryClient();
  const { version, studyId } = loaded;
  const [revision, setRevision] = useState(version.sectionRevisions[section]);
  const [saved, setSaved] = useState<SectionValue<S>>(version.content[section]);
  const [value, setValue] = useState<SectionValue<S>>(version.content[section]);
  const [conflict, setConflict] = useState(false);
  const [kept, setKept] = useState<SectionValue<S> | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !loaded.readOnly && JSON.stringify(value) !== JSON.stringify(saved);
  const guard = useUnsavedChangesGuard(dirty);

  const save = useCallback(
    async (next: SectionValue<S> = value): Promise<boolean> => {
      setSaving(true);
      setError(null);
      setFieldErrors({});
      try {
        const endpoint = DRAFT_SECTION_ENDPOINTS[section];
        const done = (await api.call(
          endpoint as never,
          {
            params: { studyId, versionId: version.id },
            body: { revision, value: next },
          } as never,
        )) as { revision: number; value: SectionValue<S> };
        setRevision(done.revision);
        setSaved(done.value);
        setValue(done.value);
        setKept(null);
        notify(t('save.saved'), { kind: 'success' });
        void invalidateEndpoints(queryClient, getStudyVersion);
        return true;
      } catch (e) {
        if (e instanceof ApiRequestError && e.body?.code === 'DRAFT_CONFLICT') setConflict(true);
        else {
          const fields = fieldErrorsOf(e, i18n.language);
          setFieldErrors(fields);
          setError(refusalText(e, i18n.language, t('save.failed')));
        }
        return false;
      } finally {
        setSaving(false);
      }
    },
    [value, section, studyId, version.id, revision, t, i18n.language, queryClient],
  );

  /** Loads the other person's save; the person's own edits stay at hand to put back. */
  const reload = async () => {
    try {
      const latest = await api.call(getStudyVersion, { params: { studyId, versionId: version.id } });
      setKept(value);
      setRevision(latest.sectionRevisions[section]);
      setSaved(latest.content[section]);
      setValue(latest.content[section]);
      setConflict(false);
      void invalidateEndpoints(queryClient, getStudyVersion);
    } catch (e) {
      setError(refusalText(e, i18n.language, t('save.failed')));
    }
  };

  return {
    value,
    setValue,
    dirty,
    saving,
    save,
    conflict,
    reload,
    kept,
    putBack: () => {
      if (kept) setValue(kept);
      setKept(null);
    },
    discardKept: () => setKept(null),
    fieldErrors,
    error,
    guard,
  };
}

export type SectionState<S extends PlanSection> = ReturnType<typeof useSection<S>>;

/** A new id, unique enough within a list: a prefix and random letters. */
export function newId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}
