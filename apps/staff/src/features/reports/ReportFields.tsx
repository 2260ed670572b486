/**
 * The editor's inputs: name; which participants (countries, sites, statuses, registration dates); the fields in the
 * contract's order; the activities. Each shows its message next to it, from the client's check or the server's
 * refusal alike.
 */
import { Checkbox, MultiSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { REPORT_FIELDS, type ReportField } from '@trialpath/contract';
import { PARTICIPANT_STATUSES, type ParticipantStatus } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import type { FormField, ReportFormValues } from './definition';
import { useReportLabels } from './labels';
import { useReportOptions } from './options';

export interface ReportFieldsProps {
  studyId: string;
  values: ReportFormValues;
  set: (patch: Partial<ReportFormValues>) => void;
  errors: Partial<Record<FormField, string>>;
}

export function ReportFields({ studyId, values, set, errors }: ReportFieldsProps) {
  const { t } = useTranslation('reports');
  const labels = useReportLabels();
  const options = useReportOptions(studyId, values);
  const all = (chosen: readonly string[]) => (chosen.length ? undefined : t('editor.all'));
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <TextInput
          label={t('editor.name')}
          required
          maxLength={120}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
        />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="report-who">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id="report-who">
              {t('editor.who')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('editor.whoHint')}
            </Text>
          </div>
          {options.unavailable && (
            <Text size="sm" c="orange.9" role="status">
              {t('editor.optionsUnavailable')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelect
              label={t('editor.countries')}
              placeholder={all(values.countryIds)}
              data={options.countries}
              value={values.countryIds}
              onChange={(countryIds) => set({ countryIds })}
              error={errors.countryIds}
              clearable
            />
            <MultiSelect
              label={t('editor.sites')}
              placeholder={all(values.siteIds)}
              data={options.sites}
              value={values.siteIds}
              onChange={(siteIds) => set({ siteIds })}
              error={errors.siteIds}
              searchable
              clearable
            />
            <MultiSelect
              label={t('editor.statuses')}
              placeholder={all(values.statuses)}
              data={PARTICIPANT_STATUSES.map((s) => ({ value: s, label: t(`participants:status.${s}`) }))}
              value={values.statuses}
              onChange={(v) => set({ statuses: v as ParticipantStatus[] })}
              error={errors.statuses}
              searchable
              clearable
            />
            <div />
            <TextInput
              type="date"
              label={t('editor.from')}
              value={values.fromDate}
              onChange={(e) => set({ fromDate: e.currentTarget.value })}
              error={errors.fromDate}
            />
            <TextInput
              type="date"
              label={t('editor.to')}
              value={values.toDate}
              onChange={(e) => set({ toDate: e.currentTarget.value })}
              error={errors.toDate}
            />
          </SimpleGrid>
          {values.participantsIds.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('editor.chosenParticipants', { count: values.participantsIds.length })}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Checkbox.Group
          label={t('editor.fields')}
          description={t('editor.fieldsHint')}
          value={values.fields}
          onChange={(v) => set({ fields: v as ReportField[] })}
          error={errors.fields}
          required
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
            {REPORT_FIELDS.map((f: ReportField) => (
              <Checkbox key={f} value={f} label={labels.field[f]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <MultiSelect
          label={t('editor.activities')}
          description={t('editor.activitiesHint')}
          placeholder={values.activityIds.length ? undefined : t('editor.none')}
          data={options.activities}
          value={values.activityIds}
          onChange={(activityIds) => set({ activityIds })}
          maxValues={50}
          error={errors.activityIds}
          searchable
          clearable
        />
      </Paper>
    </Stack>
  );
}
