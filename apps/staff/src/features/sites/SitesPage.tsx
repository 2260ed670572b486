import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  createSite,
  getSiteSettings,
  listSites,
  type SiteDetail,
  type SiteListEntry,
  updateSite,
  updateSiteSettings,
} from '@trialpath/contract';
import { SITE_SETTING_FLAGS, SITE_SUB_TYPES, type SiteStatus } from '@trialpath/domain';
import { DataTable, type DataTableColumn, notify, TableEmpty, useServerPaging } from '@trialpath/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf } from '../../shared/refusal';
import { ListHeader, ResearchTeamNav, useStudyPath } from './team-ui';

const STATUS_COLOR: Record<SiteStatus, string> = {
  PENDING: 'yellow',
  ACTIVE: 'teal',
  ON_HOLD: 'orange',
  CLOSED: 'gray',
};

export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  const { t } = useTranslation('sites');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm" tt="none" c="dark.7">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Countries offered for a site, by ISO code, named in the interface language. */
const COUNTRIES = ['AR', 'AU', 'BR', 'CA', 'CH', 'DE', 'ES', 'FR', 'GB', 'IE', 'IT', 'MX', 'NL', 'PT', 'SE', 'US'];

function countryOptions(lang: string) {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  return COUNTRIES.map((c) => ({ value: c, label: names.of(c) ?? c })).sort((a, b) =>
    a.label.localeCompare(b.label, lang),
  );
}

function SiteSettingsPanel({ studyId }: { studyId: string }) {
  const { t } = useTranslation('sites');
  const queryClient = useQueryClient();
  const settings = useEndpointQuery(getSiteSettings, { params: { studyId } });
  if (!settings.data) return null;
  const data = settings.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="sm">
        {t('sites.settings')}
      </Title>
      <Stack gap="xs">
        {SITE_SETTING_FLAGS.map((flag) => (
          <Switch
            key={flag}
            label={t(`sites.${flag}`)}
            checked={data[flag]}
            onChange={async (e) => {
              const checked = e.currentTarget.checked;
              try {
                const { studyId: _s, ...flags } = data;
                await api.call(updateSiteSettings, { params: { studyId }, body: { ...flags, [flag]: checked } });
                notify(t('sites.settingsSaved'), { kind: 'success' });
                await invalidateEndpoints(queryClient, getSiteSettings);
              } catch (err) {
                notify(errorMessage(err, t('error.generic')), { kind: 'error' });
              }
            }}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** #/studies/:studyId/research-team/research-site/list (C-070): the sites, their status in the page's data space. */
export function SitesPage() {
  const { t } = useTranslation('sites');
  const { studyId = '' } = useParams();
  const navigate = useNavigate();
  const path = useStudyPath(studyId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 350);
  const { page, pageSize, setPage, pagingOf } = useServerPaging(25);
  const sites = useEndpointQuery(
    listSites,
    { params: { studyId }, query: { page, pageSize, ...(debounced ? { search: debounced } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const columns: DataTableColumn<SiteListEntry>[] = [
    {
      id: 'name',
      header: t('sites.name'),
      cell: (s) => (
        <Anchor
          component={Link}
          to={path(`research-team/research-site/${s.id}/view`)}
          fw={600}
          size="sm"
          onClick={(e) => e.stopPropagation()}
        >
          {s.name}
        </Anchor>
      ),
    },
    { id: 'code', header: t('sites.code'), cell: (s) => s.siteId },
    { id: 'country', header: t('sites.country'), cell: (s) => s.countryNameList.join(', ') },
    {
      id: 'subType',
      header: t('sites.subType'),
      cell: (s) => t(`subType.${s.siteSubType}`, { defaultValue: s.siteSubType }),
    },
    { id: 'status', header: t('sites.status'), cell: (s) => <SiteStatusBadge status={s.status} /> },
    { id: 'team', header: t('sites.team'), cell: (s) => s.teamSize },
  ];
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <ResearchTeamNav studyId={studyId} />
      <ListHeader
        title={t('sites.title')}
        subtitle={t('sites.subtitle', { space: t(`sites.space${sites.data?.siteAccessType ?? 'LIVE'}`) })}
        searchLabel={t('sites.search')}
        searchPlaceholder={t('sites.searchPlaceholder')}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        action={
          <Button component={Link} to={path('research-team/research-site/create')}>
            {t('sites.create')}
          </Button>
        }
      />
      <DataTable
        label={t('sites.title')}
        columns={columns}
        rows={sites.data?.items}
        rowKey={(s) => s.id}
        loading={sites.isFetching}
        error={
          sites.isError
            ? { title: t('sites.loadError'), retry: () => sites.refetch(), retryLabel: t('sites.retry') }
            : null
        }
        empty={<TableEmpty title={t('sites.empty')} hint={t('sites.emptyHint')} />}
        paging={sites.data && pagingOf(sites.data.total)}
        onRowClick={(s) => navigate(path(`research-team/research-site/${s.id}/view`))}
        minWidth={760}
        labels={{
          pageSize: t('sites.pageSize'),
          pages: t('sites.pages'),
          count: (count) => t('sites.count', { count }),
        }}
      />
      <SiteSettingsPanel studyId={studyId} />
    </Stack>
  );
}

const EMPTY = {
  siteId: '',
  name: '',
  countryId: '',
  siteSubType: 'CLINIC',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
};
type SiteForm = typeof EMPTY;

/** The site's fields (create and edit): every field's server message shown under it. */
export function SiteFormFields({
  studyId,
  site,
  onSaved,
  onCancel,
}: {
  studyId: string;
  site?: SiteDetail;
  onSaved: (site: SiteDetail) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('sites');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SiteForm>(
    site
      ? {
          siteId: site.siteId,
          name: site.name,
          countryId: site.countryId,
          siteSubType: site.siteSubType,
          address: site.address,
          city: site.city,
          state: site.state,
          postalCode: site.postalCode,
          contactName: site.contactName,
          contactEmail: site.contactEmail,
          contactPhone: site.contactPhone,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const field = (k: keyof SiteForm) => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const v = e.currentTarget.value;
      setForm((f) => ({ ...f, [k]: v }));
    },
    error: errors[k],
  });
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          const body = { ...form, siteSubType: form.siteSubType as SiteDetail['siteSubType'] as never };
          const saved = site
            ? await api.call(updateSite, { params: { studyId, siteId: site.id }, body })
            : await api.call(createSite, { params: { studyId }, body });
          setErrors({});
          await invalidateEndpoints(queryClient, listSites);
          onSaved(saved);
        } catch (err) {
          const fields = fieldErrorsOf(err, i18n.language);
          setErrors(Object.keys(fields).length ? fields : { name: errorMessage(err, t('error.generic')) });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('site.siteId')} description={t('site.siteIdHint')} required {...field('siteId')} />
          <TextInput label={t('site.name')} required {...field('name')} />
          <Select
            label={t('site.country')}
            required
            searchable
            data={countryOptions(i18n.language)}
            value={form.countryId || null}
            onChange={(v) => setForm((f) => ({ ...f, countryId: v ?? '' }))}
            error={errors.countryId}
          />
          <Select
            label={t('site.subType')}
            required
            allowDeselect={false}
            data={SITE_SUB_TYPES.map((s) => ({ value: s, label: t(`subType.${s}`) }))}
            value={form.siteSubType}
            onChange={(v) => v && setForm((f) => ({ ...f, siteSubType: v }))}
            error={errors.siteSubType}
          />
        </SimpleGrid>
        <Textarea label={t('site.address')} autosize minRows={2} {...field('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('site.city')} {...field('city')} />
          <TextInput label={t('site.state')} {...field('state')} />
          <TextInput label={t('site.postalCode')} {...field('postalCode')} />
          <TextInput label={t('site.contactName')} {...field('contactName')} />
          <TextInput label={t('site.contactEmail')} type="email" {...field('contactEmail')} />
          <TextInput label={t('site.contactPhone')} type="tel" {...field('contactPhone')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('site.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('site.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** #/studies/:studyId/research-team/research-site/create (C-071). */
export function SiteCreatePage() {
  const { t } = useTranslation('sites');
  const { studyId = '' } = useParams();
  const navigate = useNavigate();
  const path = useStudyPath(studyId);
  return (
    <Stack gap="md" maw={900} mx="auto">
      <ResearchTeamNav studyId={studyId} />
      <Title order={1} fz={28}>
        {t('site.createTitle')}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <SiteFormFields
          studyId={studyId}
          onSaved={(s) => {
            notify(t('site.created', { code: s.siteId }), { kind: 'success' });
            navigate(path(`research-team/research-site/${s.id}/view`));
          }}
          onCancel={() => navigate(path('research-team/research-site/list'))}
        />
      </Paper>
    </Stack>
  );
}
