/**
 * The customize and web screens (000 §2.4; decision 0034): the study's version (the draft by default,
 * any other read-only), the language whose texts are shown, and the screen's sections, each with its
 * own editor and save. `CustomizeLibraryPage` is the overview of every section and its translations.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { getStudy, getStudyVersion, listStudyVersions, type StudyVersionContent } from '@trialpath/contract';
import { isTestTwinPath, STUDY_CONTENT_SECTIONS, sectionTitleKey, testTwinPath, translate } from '@trialpath/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { useLanguageName } from './fields';
import { CUSTOMIZE_SCREENS, type CustomizeScreenId, screenGroup } from './screen-list';
import { SCREEN_SECTIONS, screenOfSection, sectionCompleteness, sectionTexts } from './screens';
import { SectionEditor } from './SectionEditor';

/** The path of a customize screen of a study, on the page's own data space (a twin stays a twin). */
export function screenPath(studyId: string, path: string, twin: boolean): string {
  const live = `/studies/${studyId}/${path}`;
  return twin ? testTwinPath(live) : live;
}

/** The study, its versions, the version chosen (`?version=`, else the draft, else the newest) and its content. */
function useCustomizeData(studyId: string) {
  const [search, setSearch] = useSearchParams();
  const study = useEndpointQuery(getStudy, { params: { studyId } });
  const versions = useEndpointQuery(listStudyVersions, { params: { studyId } });
  const items = versions.data?.items ?? [];
  const chosen = search.get('version');
  const versionId =
    (chosen && items.some((v) => v.id === chosen) ? chosen : null) ??
    items.find((v) => v.status === 'DRAFT')?.id ??
    items[0]?.id ??
    null;
  const content = useEndpointQuery(
    getStudyVersion,
    { params: { studyId, versionId: versionId ?? '' } },
    { enabled: versionId !== null },
  );
  const choose = (id: string) =>
    setSearch(
      (s) => {
        s.set('version', id);
        return s;
      },
      { replace: true },
    );
  return { study, versions, items, versionId, content, choose };
}

function CustomizeFrame({ screen, children }: { screen: CustomizeScreenId; children: (d: Loaded) => React.ReactNode }) {
  const { t } = useTranslation('customize');
  const { studyId = '' } = useParams();
  const { pathname, search } = useLocation();
  const twin = isTestTwinPath(pathname);
  const data = useCustomizeData(studyId);
  const [language, setLanguage] = useState<string | null>(null);
  const languageName = useLanguageName();
  const languages = data.study.data?.languages ?? [];
  const shown = language && languages.includes(language) ? language : (languages[0] ?? 'en');
  const version = data.content.data;
  const failed = data.study.isError || data.versions.isError || data.content.isError;
  const versionParam = new URLSearchParams(search).get('version');

  const nav = (group: 'customize' | 'web') => (
    <Group component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {CUSTOMIZE_SCREENS.filter((s) => screenGroup(s) === group).map((s) => {
        const to = screenPath(studyId, s.path, twin);
        const current = pathname === to;
        return (
          <li key={s.id}>
            <Anchor
              component={Link}
              to={versionParam ? `${to}?version=${versionParam}` : to}
              size="sm"
              className="tp-nav-link"
              aria-current={current ? 'page' : undefined}
              data-active={current || undefined}
            >
              {t(`screen.${s.id}`)}
            </Anchor>
          </li>
        );
      })}
    </Group>
  );

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={screenPath(studyId, 'dashboard', twin)} size="sm">
          ← {data.study.data?.name ?? ''}
        </Anchor>
      </Group>
      <Stack component="nav" aria-label={t('nav.label')} gap={6}>
        <Group gap="sm" wrap="wrap">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" w={110}>
            {t('nav.customize')}
          </Text>
          {nav('customize')}
        </Group>
        <Group gap="sm" wrap="wrap">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" w={110}>
            {t('nav.web')}
          </Text>
          {nav('web')}
        </Group>
      </Stack>
      <div>
        <Title order={1} fz={26}>
          {t(`screen.${screen}`)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`intro.${screen}`)}
        </Text>
      </div>
      {failed ? (
        <Alert color="red" variant="light" title={t('version.loadError')}>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              void data.study.refetch();
              void data.versions.refetch();
              void data.content.refetch();
            }}
          >
            {t('version.retry')}
          </Button>
        </Alert>
      ) : data.versions.data && data.items.length === 0 ? (
        <Alert color="gray" variant="light">
          {t('version.none')}
        </Alert>
      ) : (
        <>
          <Group gap="lg" align="flex-end" wrap="wrap">
            <Select
              label={t('version.label')}
              data={data.items.map((v) => ({
                value: v.id,
                label: t('version.option', { name: v.name, status: t(`version.status_${v.status}`) }),
              }))}
              value={data.versionId}
              onChange={(v) => v && data.choose(v)}
              allowDeselect={false}
              w={280}
            />
            {languages.length > 1 && screen !== 'library' && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="customize-language">
                  {t('language.label')}
                </Text>
                <SegmentedControl
                  aria-labelledby="customize-language"
                  value={shown}
                  onChange={setLanguage}
                  data={languages.map((l, i) => ({
                    value: l,
                    label: i === 0 ? t('language.default', { language: languageName(l) }) : languageName(l),
                  }))}
                />
              </Stack>
            )}
          </Group>
          {version && version.status !== 'DRAFT' && (
            <Alert color="blue" variant="light" data-testid="read-only">
              {t('version.readOnly', { status: t(`version.status_${version.status}`) })}
            </Alert>
          )}
          {version && data.study.data && children({ version, languages, language: shown, studyId, twin })}
        </>
      )}
    </Stack>
  );
}

interface Loaded {
  version: StudyVersionContent;
  languages: string[];
  language: string;
  studyId: string;
  twin: boolean;
}

function SectionsScreen({ screen }: { screen: Exclude<CustomizeScreenId, 'library'> }) {
  const sections = SCREEN_SECTIONS[screen];
  return (
    <CustomizeFrame screen={screen}>
      {({ version, languages, language, studyId }) => [
        ...sections.map((section) => (
          <SectionEditor
            // A new version (or a reload of the page's data) starts the editor afresh.
            key={`${version.id}-${section}`}
            studyId={studyId}
            version={version}
            section={section}
            languages={languages}
            language={language}
            readOnly={version.status !== 'DRAFT'}
          />
        )),
      ]}
    </CustomizeFrame>
  );
}

/** #/studies/:studyId/customize/library: every section, its screen, and its translations per language. */
export function CustomizeLibraryPage() {
  const { t, i18n } = useTranslation('customize');
  const languageName = useLanguageName();
  return (
    <CustomizeFrame screen="library">
      {({ version, languages, studyId, twin }) => (
        <Table withTableBorder verticalSpacing="sm" aria-label={t('screen.library')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('library.section')}</Table.Th>
              <Table.Th>{t('library.texts')}</Table.Th>
              {languages.map((l) => (
                <Table.Th key={l}>{languageName(l)}</Table.Th>
              ))}
              <Table.Th>{t('library.screen')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {STUDY_CONTENT_SECTIONS.map((section) => {
              const screen = screenOfSection(section);
              if (!screen) return null;
              const c = sectionCompleteness(sectionTexts(section, version.content[section]), languages);
              return (
                <Table.Tr key={section} data-testid={`library-${section}`}>
                  <Table.Td fw={600}>{translate(sectionTitleKey(section), undefined, i18n.language)}</Table.Td>
                  <Table.Td>{c.texts === 0 ? t('library.none') : c.texts}</Table.Td>
                  {languages.map((l) => {
                    const done = c.perLanguage[l] ?? 0;
                    const missing = c.texts - done;
                    return (
                      <Table.Td key={l}>
                        {c.texts === 0 ? (
                          '—'
                        ) : missing === 0 ? (
                          <Badge color="teal.9" variant="outline" radius="sm" tt="none">
                            {t('library.complete')}
                          </Badge>
                        ) : (
                          <Badge color="red.9" variant="outline" radius="sm" tt="none">
                            {t('library.missing', { count: missing })}
                          </Badge>
                        )}
                      </Table.Td>
                    );
                  })}
                  <Table.Td>
                    <Anchor component={Link} to={screenPath(studyId, screen.path, twin)} size="sm">
                      {t(`screen.${screen.id}`)}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </CustomizeFrame>
  );
}

export const CustomizeBrandingPage = () => <SectionsScreen screen="branding" />;
export const CustomizeOnboardingPage = () => <SectionsScreen screen="onboarding" />;
export const CustomizeEligibilityPage = () => <SectionsScreen screen="eligibility" />;
export const CustomizeEngagementPage = () => <SectionsScreen screen="engagementContent" />;
export const CustomizeRegistrationPage = () => <SectionsScreen screen="registration" />;
export const CustomizeEconsentPage = () => <SectionsScreen screen="econsent" />;
export const CustomizeMultiEconsentPage = () => <SectionsScreen screen="multieconsent" />;
export const CustomizeAppStorePage = () => <SectionsScreen screen="appStore" />;
export const WebGlobalPage = () => <SectionsScreen screen="webGlobal" />;
export const WebHomepagePage = () => <SectionsScreen screen="webHomepage" />;
export const WebEligibilityScreeningPage = () => <SectionsScreen screen="webEligibilityScreening" />;
export const WebAgreementPage = () => <SectionsScreen screen="webAgreement" />;
export const WebRegisterPage = () => <SectionsScreen screen="webRegister" />;
export const WebPublishPage = () => <SectionsScreen screen="webPublish" />;
