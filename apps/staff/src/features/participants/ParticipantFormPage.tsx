/**
 * #/studies/:studyId/participants/new and …/participants/:participantId/edit (E-020; decision E-participant-records):
 * a participant added or edited by staff. The fields are what the study asks at registration at the site (the
 * server's `needs`), checked as the server checks them (the domain's recordProblems), with the spec's prompts; the
 * id, e-mail and phone are looked up among the study's participants as they are typed, and the server checks them
 * again on save. An edit is saved from the version read: a save someone made meanwhile is not overwritten.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  addParticipant,
  checkParticipantDuplicates,
  getParticipant,
  getParticipantFormOptions,
  type ParticipantDetail,
  updateParticipantRecord,
} from '@trialpath/contract';
import {
  CUSTOM_REGISTRATION_FIELDS,
  EMPTY_RECORD,
  PARTICIPANT_GENDERS,
  type ParticipantRecordValues,
  RECORD_FIELD_MAX,
  type RecordField,
  type RecordNeeds,
  recordProblems,
  refText,
} from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiRequestError, api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import { useRefresh } from './ParticipantLabels';

type Values = ParticipantRecordValues;
type Errors = Partial<Record<RecordField, string>>;
type Duplicates = Partial<Record<'participantId' | 'email' | 'mobile', string>>;
const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'address',
  'city',
  'state',
  'zipcode',
  'parentOrCgFirstName',
  'parentOrCgLastName',
  'howDidYouHear',
  ...CUSTOM_REGISTRATION_FIELDS,
] as const;

/** The form's fields in order, each shown unless its need is `hidden`. */
function RecordFields(props: {
  values: Values;
  set: (patch: Partial<Values>) => void;
  needs: RecordNeeds;
  errors: Errors;
  duplicates: Duplicates;
  onLookup: (field: keyof Duplicates) => void;
  countries: { id: string; name: string }[];
  languages: { id: string; name: string }[];
  emailLocked: boolean;
  /** The names the study gave its own fields (customField1…3). */
  fieldLabels: Record<string, string>;
}) {
  const { t } = useTranslation('participants');
  const { values, set, needs, errors } = props;
  const shown = (f: RecordField) => needs[f] !== 'hidden';
  const labelOf = (f: RecordField) => props.fieldLabels[f] || t(`form.${f}`);
  const common = (f: RecordField) => ({ label: labelOf(f), required: needs[f] === 'required', error: errors[f] });
  const text = (f: (typeof TEXT_FIELDS)[number] | 'participantId') =>
    shown(f) && (
      <TextInput
        key={f}
        {...common(f)}
        value={values[f]}
        maxLength={RECORD_FIELD_MAX[f]}
        onChange={(e) => set({ [f]: e.currentTarget.value })}
        onBlur={f === 'email' || f === 'participantId' ? () => props.onLookup(f) : undefined}
        description={
          f === 'participantId'
            ? t('form.participantIdHint')
            : f === 'email' && props.emailLocked
              ? t('form.registeredEmail')
              : undefined
        }
        readOnly={f === 'email' && props.emailLocked}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...(f === 'email' ? { type: 'email', autoComplete: 'off' } : {})}
      />
    );
  const duplicate = (f: keyof Duplicates) =>
    props.duplicates[f] && (
      <Text size="sm" c="orange.9" role="status">
        {props.duplicates[f]}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <div>
        {text('participantId')}
        {duplicate('participantId')}
      </div>
      <div />
      {text('firstName')}
      {text('lastName')}
      {shown('email') && (
        <div>
          {text('email')}
          {duplicate('email')}
        </div>
      )}
      {shown('mobile') && (
        <div>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              {...common('mobileCountryCode')}
              value={values.mobileCountryCode}
              maxLength={RECORD_FIELD_MAX.mobileCountryCode}
              onChange={(e) => set({ mobileCountryCode: e.currentTarget.value })}
              placeholder="+1"
              w={110}
            />
            <TextInput
              {...common('mobile')}
              value={values.mobile}
              maxLength={RECORD_FIELD_MAX.mobile}
              onChange={(e) => set({ mobile: e.currentTarget.value })}
              onBlur={() => props.onLookup('mobile')}
              type="tel"
              style={{ flex: 1 }}
            />
          </Group>
          {duplicate('mobile')}
        </div>
      )}
      {shown('dateOfBirth') && (
        <TextInput
          {...common('dateOfBirth')}
          type="date"
          value={values.dateOfBirth}
          onChange={(e) => set({ dateOfBirth: e.currentTarget.value })}
        />
      )}
      {shown('gender') && (
        <Select
          {...common('gender')}
          data={PARTICIPANT_GENDERS.map((g) => ({ value: g, label: t(`form.genders.${g}`) }))}
          value={values.gender || null}
          onChange={(v) => set({ gender: (v ?? '') as Values['gender'] })}
          clearable
        />
      )}
      {text('address')}
      {text('city')}
      {text('state')}
      {text('zipcode')}
      {shown('countryId') && (
        <Select
          {...common('countryId')}
          data={props.countries.map((c) => ({ value: c.id, label: c.name }))}
          value={values.countryId || null}
          onChange={(v) => set({ countryId: v ?? '' })}
        />
      )}
      {shown('languageId') && (
        <Select
          {...common('languageId')}
          data={props.languages.map((l) => ({ value: l.id, label: l.name }))}
          value={values.languageId || null}
          onChange={(v) => set({ languageId: v ?? '' })}
        />
      )}
      {text('parentOrCgFirstName')}
      {text('parentOrCgLastName')}
      {text('howDidYouHear')}
      {CUSTOM_REGISTRATION_FIELDS.map((f) => text(f))}
      {shown('mobile') && (
        <Checkbox
          label={t('form.optInSMS')}
          checked={values.optInSMS}
          onChange={(e) => set({ optInSMS: e.currentTarget.checked })}
          mt="xs"
        />
      )}
    </SimpleGrid>
  );
}

/** Whether the server refused `field` because another participant of the study has the value. */
function refusedFor(error: unknown, field: string, key: string): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return (error.body?.fieldErrorKeys?.[field] ?? []).some((ref) => ref.key === key);
}

interface FormProps {
  studyId: string;
  /** The participant edited; absent when adding. */
  participant?: ParticipantDetail;
  sites: {
    id: string;
    name: string;
    siteCode: string;
    countryId: string;
    needs: Record<string, string>;
    fieldLabels: Record<string, string>;
  }[];
  countries: { id: string; name: string }[];
  languages: { id: string; name: string }[];
  today: string;
}

function ParticipantForm(props: FormProps) {
  const { t, i18n } = useTranslation('participants');
  const navigate = useNavigate();
  const path = useStudyPath(props.studyId);
  const refresh = useRefresh();
  const editing = props.participant;
  const [siteId, setSiteId] = useState(editing?.siteId ?? (props.sites.length === 1 ? props.sites[0]!.id : ''));
  const site = props.sites.find((s) => s.id === siteId);
  const [values, setValues] = useState<Values>(() =>
    editing?.record
      ? { ...EMPTY_RECORD, ...editing.record, participantId: editing.participantId, siteId: editing.siteId }
      : { ...EMPTY_RECORD, siteId, countryId: site?.countryId ?? '', languageId: props.languages[0]?.id ?? '' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [duplicates, setDuplicates] = useState<Duplicates>({});
  const [keepSharedPhone, setKeepSharedPhone] = useState(false);
  const [keepSharedEmail, setKeepSharedEmail] = useState(false);
  // The keep-shared choices show for a duplicate, never for a badly formed address (E-081)
  const [sharedRefused, setSharedRefused] = useState<{ email?: boolean; mobile?: boolean }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'invite' | null>(null);
  const needs = (editing?.needs ?? site?.needs ?? {}) as RecordNeeds;
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  const lookup = async (field: keyof Duplicates) => {
    const value = values[field].trim();
    const query = {
      [field]: value,
      ...(field === 'mobile' ? { mobileCountryCode: values.mobileCountryCode } : {}),
      ...(editing ? { except: editing.id } : {}),
    };
    if (!value) return setDuplicates((d) => ({ ...d, [field]: undefined }));
    const found = await api
      .call(checkParticipantDuplicates, { params: { studyId: props.studyId }, query })
      .catch(() => null);
    const match = found?.matches.find((m) => m.field === field);
    if (!match) setSharedRefused((r) => ({ ...r, [field]: false }));
    setDuplicates((d) => ({
      ...d,
      [field]: match ? t(`form.duplicate.${field}`, { participant: match.participantId }) : undefined,
    }));
  };

  const save = async (invite: boolean) => {
    const problems = recordProblems(
      { ...values, siteId },
      { ...needs, siteId: 'required' },
      {
        countries: props.countries.map((c) => c.id),
        languages: props.languages.map((l) => l.id),
        today: props.today,
      },
    );
    const found: Errors = Object.fromEntries(
      Object.entries(problems).map(([f, ref]) => [f, refText(ref, i18n.language)]),
    );
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy(invite ? 'invite' : 'save');
    try {
      const { siteId: _, ...record } = values;
      const sharing = { allowSharedPhone: keepSharedPhone, isDuplicateAllowed: keepSharedEmail };
      if (editing) {
        await api.call(updateParticipantRecord, {
          params: { studyId: props.studyId, participantId: editing.id },
          body: { record, expectedUpdatedAt: editing.updatedAt, ...sharing },
        });
        notify(t('form.saved', { participant: record.participantId || editing.participantId }), { kind: 'success' });
      } else {
        const added = await api.call(addParticipant, {
          params: { studyId: props.studyId },
          body: { siteId, record, sendInvite: invite, ...sharing },
        });
        const participant = added.participant.participantId;
        if (invite && !added.invited) notify(t('form.addedNotInvited', { participant }), { kind: 'error' });
        else notify(t(added.invited ? 'form.addedAndInvited' : 'form.added', { participant }), { kind: 'success' });
      }
      await refresh();
      navigate(path('participants'));
    } catch (err) {
      setErrors(fieldErrorsOf(err, i18n.language) as Errors);
      setSharedRefused({
        email: refusedFor(err, 'email', 'participants.emailShared'),
        mobile: refusedFor(err, 'mobile', 'participants.phoneShared'),
      });
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(null);
    }
  };

  return (
    // noValidate: the study's rules and the spec's prompts, not the browser's own bubbles
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('form.intro')}
        </Text>
        {!editing && (
          <Select
            label={t('form.site')}
            required
            data={props.sites.map((s) => ({ value: s.id, label: `${s.name} (${s.siteCode})` }))}
            value={siteId || null}
            onChange={(v) => {
              setSiteId(v ?? '');
              const chosen = props.sites.find((s) => s.id === v);
              if (chosen && !values.countryId) set({ countryId: chosen.countryId });
            }}
            error={errors.siteId}
            maw={420}
          />
        )}
        {(editing || site) && (
          <RecordFields
            values={values}
            set={set}
            needs={needs}
            errors={errors}
            duplicates={duplicates}
            onLookup={(f) => void lookup(f)}
            countries={props.countries}
            languages={props.languages}
            emailLocked={editing?.registered ?? false}
            fieldLabels={editing?.fieldLabels ?? site?.fieldLabels ?? {}}
          />
        )}
        {(duplicates.email || sharedRefused.email) && !editing?.registered && (
          <Checkbox
            label={t('form.keepSharedEmail')}
            checked={keepSharedEmail}
            onChange={(e) => setKeepSharedEmail(e.currentTarget.checked)}
          />
        )}
        {(duplicates.mobile || sharedRefused.mobile) && (
          <Checkbox
            label={t('form.keepSharedPhone')}
            checked={keepSharedPhone}
            onChange={(e) => setKeepSharedPhone(e.currentTarget.checked)}
          />
        )}
        {refusal && Object.keys(errors).length === 0 && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(path('participants'))}>
            {t('form.cancel')}
          </Button>
          {!editing && needs.email !== 'hidden' && (
            <Button
              variant="light"
              onClick={() => void save(true)}
              loading={busy === 'invite'}
              disabled={busy !== null}
            >
              {t('form.saveAndInvite')}
            </Button>
          )}
          <Button type="submit" loading={busy === 'save'} disabled={busy !== null}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ParticipantFormPage() {
  const { t } = useTranslation('participants');
  const { studyId = '', participantId } = useParams();
  const options = useEndpointQuery(getParticipantFormOptions, { params: { studyId } });
  const participant = useEndpointQuery(
    getParticipant,
    { params: { studyId, participantId: participantId ?? '' } },
    { enabled: participantId !== undefined },
  );
  const editing = participantId !== undefined;
  const title = editing
    ? t('form.editTitle', { participant: participant.data?.participantId ?? '' })
    : t('form.addTitle');
  const failed = options.isError || participant.isError;
  const ready = options.data && (!editing || participant.data);
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz={28}>
        {title}
      </Title>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t('form.loadFailed')}
        </Alert>
      )}
      {options.data && !editing && options.data.sites.length === 0 && (
        <Alert color="gray" variant="light">
          {t('form.noSites')}
        </Alert>
      )}
      {editing && participant.data && !participant.data.record && (
        <Alert color="gray" variant="light">
          {t('form.identifyOnly')}
        </Alert>
      )}
      {ready && (!editing || participant.data?.record) && (editing || options.data.sites.length > 0) && (
        <ParticipantForm
          studyId={studyId}
          participant={participant.data}
          sites={options.data.sites}
          countries={options.data.countries}
          languages={options.data.languages}
          today={options.data.today}
        />
      )}
    </Stack>
  );
}
