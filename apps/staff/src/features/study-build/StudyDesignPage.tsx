/**
 * #/studies/:studyId/design (C-012; decision 0041): the study's build overview — what the study is made of
 * and what is left to do. One card per part of the build (details, app content, web pages, versions,
 * sites and teams, languages and translations, documents, approvals), each with its figures read from
 * the server, the launch-readiness gaps that belong to it, and the way to the screen where it is built.
 * Parts the person's role may not read are left out rather than shown empty; activities and schedules
 * join when the platform has them (no endpoint yet, so no card).
 */
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  getStudyBuildProgress,
  getStudyVersion,
  listIrbDocuments,
  listSites,
  listStudyDocuments,
  listStudyVersions,
  missingTranslationsReport,
  type ReadinessGapItem,
  type StudyRecord,
  type StudyVersionSummary,
  searchTeam,
} from '@trialpath/contract';
import { can, sectionTitleKey, translate } from '@trialpath/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authoritiesFor } from '../../shared/authorities';
import { WARNING_BADGE_COLOR } from '../../shared/colors';
import { useEndpointQuery } from '../../shared/queries';
import { storage } from '../../shared/storage';
import {
  contentVersionId,
  type DesignPart,
  gapsOfPart,
  partOfGap,
  type SectionState,
  sectionStates,
  versionFacts,
} from './design-overview';
import { gapText, Loading, StudyHeader, useStudyRecord } from './StudyBuildPages';
import { Fact } from './StudySummaryPage';

/** How many of the part's launch gaps are open: a badge beside the part's title. */
function GapBadge({ count }: { count: number }) {
  const { t } = useTranslation(['study-build', 'studies']);
  return count === 0 ? (
    <Badge color="teal.9" variant="outline" radius="sm" tt="none">
      {t('build.design.nothingMissing')}
    </Badge>
  ) : (
    <Badge color={WARNING_BADGE_COLOR} variant="outline" radius="sm" tt="none">
      {t('build.design.toFix', { count })}
    </Badge>
  );
}

interface PartProps {
  id: string;
  title: string;
  /** The part's launch gaps; undefined when the part has none to check (or they could not be read). */
  gaps?: ReadinessGapItem[];
  /** The part's own reads: while one loads or fails, the part says so instead of its figures. */
  queries?: UseQueryResult<unknown>[];
  links: [to: string, label: string][];
  children: ReactNode;
}

function Part({ id, title, gaps, queries = [], links, children }: PartProps) {
  const { t } = useTranslation(['study-build', 'studies']);
  const failed = queries.some((q) => q.isError);
  const loading = !failed && queries.some((q) => q.isPending);
  const headingId = `design-${id}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {gaps && <GapBadge count={gaps.length} />}
        </Group>
        {failed ? (
          <Text size="sm" c="red.8">
            {t('build.design.failed')}
          </Text>
        ) : loading ? (
          <Text size="sm" c="dimmed">
            {t('build.design.loading')}
          </Text>
        ) : (
          children
        )}
        {gaps && gaps.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('build.design.partGaps')}
            </Text>
            <List size="sm" spacing={2}>
              {gaps.map((g) => (
                <List.Item key={`${g.id}-${JSON.stringify(g.params ?? {})}`}>{gapText(g)}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group gap="md" mt="auto" pt={4}>
          {links.map(([to, label]) => (
            <Anchor key={to} component={Link} to={to} size="sm">
              {label}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The content sections of one group: each section's title leads to the screen that edits it. */
function SectionTable({ base, label, rows }: { base: string; label: string; rows: SectionState[] }) {
  const { t, i18n } = useTranslation(['study-build', 'studies']);
  return (
    <Table verticalSpacing={6} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('build.design.section')}</Table.Th>
          <Table.Th>{t('build.design.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.section} data-testid={`design-section-${r.section}`}>
            <Table.Td>
              <Anchor component={Link} to={`${base}/${r.screen.path}`} size="sm">
                {translate(sectionTitleKey(r.section), undefined, i18n.language)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {r.filled ? (
                <Badge color="teal.9" variant="outline" radius="sm" tt="none">
                  {t('build.design.filled')}
                </Badge>
              ) : (
                <Badge color="gray.7" variant="outline" radius="sm" tt="none">
                  {t('build.design.notFilled')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The overview reads afresh each time it is opened: a change made on another screen shows at once. */
const FRESH = { staleTime: 0 } as const;

function useDesignData(studyId: string) {
  const authorities = authoritiesFor(studyId, storage);
  const mayDesign = authorities.some((a) => can(a, 'studies.design'));
  const maySeeSites = authorities.some((a) => can(a, 'sites.view'));
  const params = { studyId };
  const design = { ...FRESH, enabled: mayDesign };
  const siteReads = { ...FRESH, enabled: maySeeSites };
  const progress = useEndpointQuery(getStudyBuildProgress, { params }, design);
  const versions = useEndpointQuery(listStudyVersions, { params }, design);
  const versionId = contentVersionId(versions.data?.items ?? []);
  const versionParams = { studyId, versionId: versionId ?? '' };
  const ofVersion = { ...FRESH, enabled: versionId !== null };
  const content = useEndpointQuery(getStudyVersion, { params: versionParams }, ofVersion);
  const translations = useEndpointQuery(missingTranslationsReport, { params: versionParams }, ofVersion);
  const irb = useEndpointQuery(listIrbDocuments, { params }, design);
  const sites = useEndpointQuery(listSites, { params, query: { pageSize: 100 } }, siteReads);
  const team = useEndpointQuery(searchTeam, { params, query: { pageSize: 1 } }, siteReads);
  const documents = useEndpointQuery(listStudyDocuments, { params, query: { pageSize: 100 } }, siteReads);
  return { mayDesign, maySeeSites, progress, versions, content, translations, irb, sites, team, documents };
}

const SITES_SHOWN = 5;

export function StudyDesignPage() {
  const {
    t,
    i18n: { language },
  } = useTranslation(['study-build', 'studies']);
  const { studyId, record } = useStudyRecord();
  const d = useDesignData(studyId);
  const s = record.data;
  if (!s) return <Loading failed={record.isError} />;
  const base = `/studies/${studyId}`;
  const none = t('build.summary.none');
  const date = (at: string) => new Date(at).toLocaleDateString(language);
  const gaps = d.progress.data?.gaps;
  const partGaps = (part: DesignPart) => (gaps ? gapsOfPart(gaps, part) : undefined);
  const who = (p: StudyRecord['approval']['internalApproved']) =>
    p ? t('build.approvedBy', { name: p.name, at: new Date(p.at).toLocaleString(language) }) : t('build.notApproved');

  const version = d.content.data;
  const app = version ? sectionStates(version.content, 'customize') : [];
  const web = version ? sectionStates(version.content, 'web') : [];
  const filledLine = (rows: SectionState[]) =>
    t('build.design.filledCount', { filled: rows.filter((r) => r.filled).length, count: rows.length });
  const contentOf = version
    ? t('build.design.contentOf', { version: version.name, status: t(`build.design.status_${version.status}`) })
    : null;
  const noVersion = d.versions.data?.items.length === 0;

  const facts = versionFacts(d.versions.data?.items ?? []);
  const versionLine = (v: StudyVersionSummary | null, kind: 'changed' | 'published') =>
    !v
      ? t('build.design.none')
      : kind === 'published' && v.publishedAt
        ? t('build.design.publishedAt', { name: v.name, at: date(v.publishedAt) })
        : t('build.design.changedAt', { name: v.name, at: date(v.updatedAt) });

  const report = d.translations.data;
  const siteItems = d.sites.data?.items ?? [];
  const docs = d.documents.data;
  const newestIrb = d.irb.data?.items[0];
  const readinessParts = gaps ? [...new Set(gaps.map(partOfGap))] : [];

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <StudyHeader s={s} title={t('build.nav.design')} />
      <Text size="sm" c="dimmed" mt={-8}>
        {t('build.design.intro')}
      </Text>

      {d.mayDesign && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="design-readiness">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Title order={2} fz="lg" id="design-readiness">
                {t('build.design.readiness')}
              </Title>
              {gaps && <GapBadge count={gaps.length} />}
            </Group>
            {s.launched && (
              <Text size="sm">
                {t('build.design.launchedBy', {
                  at: new Date(s.launched.at).toLocaleString(language),
                  name: s.launched.name,
                })}
              </Text>
            )}
            {d.progress.isError ? (
              <Text size="sm" c="red.8">
                {t('build.design.failed')}
              </Text>
            ) : !gaps ? (
              <Text size="sm" c="dimmed">
                {t('build.design.loading')}
              </Text>
            ) : gaps.length === 0 ? (
              <Text size="sm">{t('build.ready')}</Text>
            ) : (
              <Stack gap={6}>
                <Text size="sm">{t('build.gapsTitle', { count: gaps.length })}</Text>
                <Group gap="xs" aria-label={t('build.design.gapsByPart')} role="list">
                  {readinessParts.map((part) => (
                    <Badge
                      key={part}
                      role="listitem"
                      variant="light"
                      color="gray"
                      radius="sm"
                      tt="none"
                      data-testid={`design-gaps-${part}`}
                    >
                      {t(`build.design.part_${part}`)}: {gapsOfPart(gaps, part).length}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
            <Anchor component={Link} to={`${base}/review/scan`} size="sm">
              {t('build.design.openScan')}
            </Anchor>
          </Stack>
        </Paper>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Part
          id="details"
          title={t('build.design.details')}
          gaps={partGaps('details')}
          links={[[`${base}/study-details`, t('build.fix.details')]]}
        >
          <SimpleGrid cols={2} spacing="sm">
            <Fact label={t('build.code')}>{s.code}</Fact>
            <Fact label={t('build.sponsor')}>{s.sponsorName || none}</Fact>
            <Fact label={t('build.therapeuticArea')}>{s.therapeuticArea || none}</Fact>
            <Fact label={t('build.countries')}>{s.countries.map((c) => c.name).join(', ') || none}</Fact>
          </SimpleGrid>
        </Part>

        {d.mayDesign && (
          <Part
            id="versions"
            title={t('build.design.versions')}
            gaps={partGaps('versions')}
            queries={[d.versions]}
            links={[[`${base}/version-management`, t('build.fix.versions')]]}
          >
            <SimpleGrid cols={2} spacing="sm">
              <Fact label={t('build.design.draft')}>{versionLine(facts.draft, 'changed')}</Fact>
              <Fact label={t('build.design.published')}>{versionLine(facts.published, 'published')}</Fact>
              <Fact label={t('build.design.live')}>{facts.live?.name ?? t('build.design.none')}</Fact>
              <Fact label={t('build.design.test')}>{facts.test?.name ?? t('build.design.none')}</Fact>
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('build.design.versionCount', { count: facts.total, archived: facts.archived })}
            </Text>
          </Part>
        )}

        {d.mayDesign && (
          <Part
            id="content"
            title={t('build.design.content')}
            gaps={partGaps('content')}
            queries={noVersion ? [d.versions] : [d.versions, d.content]}
            links={[[`${base}/customize/library`, t('build.design.openLibrary')]]}
          >
            {noVersion || !version ? (
              <Text size="sm">{t('build.design.noContent')}</Text>
            ) : (
              <>
                <Text size="sm">
                  {contentOf} · {filledLine(app)}
                </Text>
                <SectionTable base={base} label={t('build.design.content')} rows={app} />
                <Text size="xs" c="dimmed">
                  {t('build.design.notFilledHelp')}
                </Text>
              </>
            )}
          </Part>
        )}

        {d.mayDesign && (
          <Part
            id="web"
            title={t('build.design.web')}
            gaps={partGaps('web')}
            queries={noVersion ? [d.versions] : [d.versions, d.content]}
            links={[[`${base}/web/global`, t('build.design.openWeb')]]}
          >
            {noVersion || !version ? (
              <Text size="sm">{t('build.design.noContent')}</Text>
            ) : (
              <>
                <Text size="sm">
                  {contentOf} · {filledLine(web)}
                </Text>
                <Text size="sm" fw={500}>
                  {version.content.webPublish.published && version.content.webPublish.slug
                    ? t('build.design.webPublished', { slug: version.content.webPublish.slug })
                    : t('build.design.webNotPublished')}
                </Text>
                <SectionTable base={base} label={t('build.design.web')} rows={web} />
              </>
            )}
          </Part>
        )}

        {d.maySeeSites && (
          <Part
            id="sites"
            title={t('build.design.sites')}
            gaps={partGaps('sites')}
            queries={[d.sites, d.team]}
            links={[
              [`${base}/research-team/research-site/list`, t('build.fix.sites')],
              [`${base}/research-team/study-team`, t('build.design.openTeam')],
            ]}
          >
            <SimpleGrid cols={2} spacing="sm">
              <Fact label={t('build.design.siteCount')}>
                <span data-testid="design-site-count">{d.sites.data?.total ?? 0}</span>
              </Fact>
              <Fact label={t('build.design.teamCount')}>
                {t('build.design.people', { count: d.team.data?.total ?? 0 })}
              </Fact>
            </SimpleGrid>
            {siteItems.length > 0 && (
              <List size="sm" spacing={2} aria-label={t('build.design.siteList')}>
                {siteItems.slice(0, SITES_SHOWN).map((site) => (
                  <List.Item key={site.id}>
                    {site.siteId} · {site.name} · {t('build.design.siteTeam', { count: site.teamSize })}
                  </List.Item>
                ))}
                {(d.sites.data?.total ?? 0) > SITES_SHOWN && (
                  <List.Item>
                    {t('build.design.moreSites', { count: (d.sites.data?.total ?? 0) - SITES_SHOWN })}
                  </List.Item>
                )}
              </List>
            )}
          </Part>
        )}

        <Part
          id="languages"
          title={t('build.design.languages')}
          queries={d.mayDesign && !noVersion ? [d.versions, d.translations] : []}
          links={d.mayDesign ? [[`${base}/translations`, t('build.design.openTranslations')]] : []}
        >
          <List size="sm" spacing={4} aria-label={t('build.languages')}>
            {s.languages.map((l) => {
              const missing = report?.missingByLanguage[l.id] ?? 0;
              const detail = !report
                ? null
                : l.id === report.sourceLanguage
                  ? t('build.design.source')
                  : report.textCount === 0
                    ? t('build.design.noTexts')
                    : missing === 0
                      ? t('build.design.translated', { count: report.textCount })
                      : t('build.design.untranslated', { missing, count: report.textCount });
              return (
                <List.Item key={l.id} data-testid={`design-language-${l.id}`}>
                  <Text span size="sm" fw={600}>
                    {l.displayName}
                  </Text>
                  {l.isDefault && ` (${t('build.summary.default')})`}
                  {detail && ` — ${detail}`}
                </List.Item>
              );
            })}
          </List>
        </Part>

        {(d.maySeeSites || d.mayDesign) && (
          <Part
            id="documents"
            title={t('build.design.documents')}
            queries={[...(d.maySeeSites ? [d.documents] : []), ...(d.mayDesign ? [d.irb] : [])]}
            links={[
              ...(d.maySeeSites
                ? [[`${base}/resource-list-site`, t('build.design.openDocuments')] as [string, string]]
                : []),
              ...(d.mayDesign ? [[`${base}/review/documentation`, t('build.design.openIrb')] as [string, string]] : []),
            ]}
          >
            <SimpleGrid cols={2} spacing="sm">
              {d.maySeeSites && (
                <Fact label={t('build.design.studyDocuments')}>
                  {docs && docs.total > 0
                    ? t('build.design.documentCount', {
                        count: docs.total,
                        active: docs.items.filter((x) => x.status).length,
                      })
                    : t('build.design.none')}
                </Fact>
              )}
              {d.mayDesign && (
                <Fact label={t('build.design.irb')}>
                  {newestIrb
                    ? t('build.design.irbCount', {
                        count: d.irb.data?.items.length ?? 0,
                        version: newestIrb.version.name,
                        at: date(newestIrb.createdAt),
                      })
                    : t('build.design.irbNone')}
                </Fact>
              )}
            </SimpleGrid>
          </Part>
        )}

        <Part
          id="approvals"
          title={t('build.design.approvals')}
          gaps={partGaps('approval')}
          links={[[`${base}/review/approval`, t('build.fix.approval')]]}
        >
          <SimpleGrid cols={2} spacing="sm">
            <Fact label={t('build.internalApproval')}>{who(s.approval.internalApproved)}</Fact>
            <Fact label={t('build.irbApproval')}>{who(s.approval.irbEcApproved)}</Fact>
          </SimpleGrid>
        </Part>
      </SimpleGrid>
    </Stack>
  );
}
