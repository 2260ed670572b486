/**
 * The filters of an export (H-007 study, H-008 site, H-009 compliance; dates, activities and formats for the study
 * data): checked here with the contract's own schema before anything is sent, so a wrong range is named at its field.
 * In the test twin the form is shown without its Export button.
 */
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EXPORT_FORMATS,
  type ExportFilters,
  ExportFiltersSchema,
  type ExportFormat,
  exportFilterOptions,
} from '@trialpath/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';

export interface ExportRequest {
  filters: ExportFilters;
  formats: ExportFormat[];
}

interface Props {
  studyId: string;
  /** The study data export offers activities and standard formats; the compliance report does not. */
  variant: 'data' | 'compliance';
  /** Null in the test twin: no action buttons. */
  onExport: ((request: ExportRequest) => Promise<void>) | null;
}

export function ExportForm({ studyId, variant, onExport }: Props) {
  const { t } = useTranslation('exports');
  const options = useEndpointQuery(exportFilterOptions, { params: { studyId } });
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const [activityIds, setActivityIds] = useState<string[]>([]);
  const [byCompliance, setByCompliance] = useState(variant === 'compliance');
  const [min, setMin] = useState<number | string>(0);
  const [max, setMax] = useState<number | string>(100);
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [formats, setFormats] = useState<ExportFormat[]>([]);
  const [busy, setBusy] = useState(false);
  const [fieldProblems, setFieldProblems] = useState<{ toDate?: string; max?: string }>({});

  const formatLabel: Record<ExportFormat, string> = {
    ODM: t('filters.formatODM'),
    FHIR: t('filters.formatFHIR'),
    DATASET_JSON: t('filters.formatDATASET_JSON'),
  };

  const submit = async () => {
    if (!onExport) return;
    const parsed = ExportFiltersSchema.safeParse({
      siteIds,
      activityIds: variant === 'data' ? activityIds : [],
      compliance: byCompliance ? { min: Number(min), max: Number(max) } : null,
      fromDate: fromDate || null,
      toDate: toDate || null,
    });
    if (!parsed.success) {
      const paths = parsed.error.issues.map((i) => i.path.join('.'));
      setFieldProblems({
        toDate: paths.includes('toDate') ? t('filters.dateOrder') : undefined,
        max: paths.some((p) => p.startsWith('compliance')) ? t('filters.rangeOrder') : undefined,
      });
      return;
    }
    setFieldProblems({});
    setBusy(true);
    try {
      await onExport({ filters: parsed.data, formats: variant === 'data' ? formats : [] });
    } finally {
      setBusy(false);
    }
  };

  if (options.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('filters.loadFailed')}
      </Alert>
    );
  const data = options.data;
  return (
    <Fieldset legend={t('filters.legend')}>
      <Stack gap="sm">
        <TextInput
          label={t('filters.study')}
          value={data ? `${data.study.code} — ${data.study.name}` : ''}
          readOnly
          variant="filled"
        />
        <MultiSelect
          label={t('filters.sites')}
          placeholder={siteIds.length ? undefined : t('filters.sitesPlaceholder')}
          data={(data?.sites ?? []).map((s) => ({ value: s.id, label: `${s.code} — ${s.name}` }))}
          value={siteIds}
          onChange={setSiteIds}
          clearable
          searchable
        />
        <Switch
          label={t('filters.compliance')}
          checked={byCompliance}
          onChange={(e) => setByCompliance(e.currentTarget.checked)}
        />
        {byCompliance && (
          <Group grow align="flex-start">
            <NumberInput label={t('filters.complianceMin')} min={0} max={100} value={min} onChange={setMin} />
            <NumberInput
              label={t('filters.complianceMax')}
              min={0}
              max={100}
              value={max}
              onChange={setMax}
              error={fieldProblems.max}
            />
          </Group>
        )}
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('filters.fromDate')}
            value={fromDate}
            onChange={(e) => setFromDate(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('filters.toDate')}
            value={toDate}
            onChange={(e) => setToDate(e.currentTarget.value)}
            error={fieldProblems.toDate}
          />
        </Group>
        {variant === 'data' && (
          <>
            <MultiSelect
              label={t('filters.activities')}
              placeholder={activityIds.length ? undefined : t('filters.activitiesPlaceholder')}
              data={(data?.activities ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={activityIds}
              onChange={setActivityIds}
              clearable
              searchable
            />
            <Checkbox.Group
              label={t('filters.formats')}
              value={formats}
              onChange={(v) => setFormats(EXPORT_FORMATS.filter((f) => v.includes(f)))}
            >
              <Stack gap={6} mt={6}>
                {EXPORT_FORMATS.map((f) => (
                  <Checkbox key={f} value={f} label={formatLabel[f]} />
                ))}
              </Stack>
            </Checkbox.Group>
          </>
        )}
        {onExport ? (
          <Group>
            <Button onClick={() => void submit()} loading={busy} disabled={!data}>
              {busy ? t('actions.exporting') : t('actions.export')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('page.testTwin')}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
