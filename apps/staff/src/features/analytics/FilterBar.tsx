/**
 * The dashboards' filters (G-019, G-020): countries and sites of the caller's sites, chosen participants (found by
 * their id as typed) and a date range; empty is all. Each change goes to the address at once.
 */
import { Button, Group, MultiSelect, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { listParticipants } from '@trialpath/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import { type AnalyticsFilters, NO_FILTERS } from './filters';

export interface FilterBarProps {
  studyId: string;
  filters: AnalyticsFilters;
  /** The filters changed (the others kept by the page: two quick changes must not undo one another). */
  onChange: (patch: Partial<AnalyticsFilters>) => void;
  /** The sites the caller may see (from the analytics answer), with their countries. */
  sites: readonly { id: string; name: string; countryId: string; countryName: string }[];
}

export function FilterBar({ studyId, filters, onChange, sites }: FilterBarProps) {
  const { t } = useTranslation('analytics');
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  // the codes of participants chosen in this visit (an address opened from a link shows what it carries)
  const [codes, setCodes] = useState<Record<string, string>>({});
  const found = useEndpointQuery(
    listParticipants,
    { params: { studyId }, query: { search: typed, pageSize: 25 } },
    { enabled: typed.length > 0, placeholderData: keepPreviousData },
  );
  const countries = [...new Map(sites.map((s) => [s.countryId, s.countryName])).entries()].map(([value, label]) => ({
    value,
    label,
  }));
  const inCountries = filters.countryIds.length ? sites.filter((s) => filters.countryIds.includes(s.countryId)) : sites;
  const participantOptions = new Map<string, string>();
  for (const id of filters.participantsIds) participantOptions.set(id, codes[id] ?? id.slice(0, 8));
  for (const p of found.data?.items ?? []) participantOptions.set(p.id, p.participantId);
  const set = onChange;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('filters.label')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label={t('filters.countries')}
          placeholder={filters.countryIds.length ? undefined : t('filters.all')}
          data={countries}
          value={filters.countryIds}
          onChange={(countryIds) => set({ countryIds, siteIds: [] })}
          clearable
          w={200}
        />
        <MultiSelect
          label={t('filters.sites')}
          placeholder={filters.siteIds.length ? undefined : t('filters.all')}
          data={inCountries.map((s) => ({ value: s.id, label: s.name }))}
          value={filters.siteIds}
          onChange={(siteIds) => set({ siteIds })}
          clearable
          searchable
          w={240}
        />
        <MultiSelect
          label={t('filters.participants')}
          placeholder={filters.participantsIds.length ? undefined : t('filters.participantsHint')}
          data={[...participantOptions].map(([value, label]) => ({ value, label }))}
          value={filters.participantsIds}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          onChange={(participantsIds) => {
            setCodes((c) => ({ ...c, ...Object.fromEntries(participantOptions) }));
            set({ participantsIds });
          }}
          clearable
          w={240}
        />
        <TextInput
          type="date"
          label={t('filters.from')}
          value={filters.fromDate}
          max={filters.toDate || undefined}
          onChange={(e) => set({ fromDate: e.currentTarget.value })}
          w={160}
        />
        <TextInput
          type="date"
          label={t('filters.to')}
          value={filters.toDate}
          min={filters.fromDate || undefined}
          onChange={(e) => set({ toDate: e.currentTarget.value })}
          w={160}
        />
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          {t('filters.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
