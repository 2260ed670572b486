/**
 * #/studies/:studyId/participants/:participantId/site-forms/:entryKey (E-012, E-013; decision E-edc): one site form
 * on one page — every question branching shows, through the participant's QuestionField and the domain's rules —
 * saved incomplete or complete. The browser checks with the same rule as the server (checkEntryAnswers) and then
 * asks a reason for change listing each saved value that changes (old → new); the server checks again. The
 * investigator signs with their password; who holds data.lock locks and unlocks (with a reason). The history shows
 * each change: item, old, new, reason, who, when. `renderItemExtras` (prop or SiteFormItemExtras context) places
 * something next to each answer (a data query button).
 */
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  getSiteForm,
  listSiteForms,
  lockSiteForm,
  type SiteFormEntry,
  saveSiteForm,
  signSiteForm,
  unlockSiteForm,
} from '@trialpath/contract';
import {
  type Activity,
  type Answer,
  changedAnswers,
  changesNeedingReason,
  checkEntryAnswers,
  computeFlow,
  displayAnswerText,
  flowIndex,
  type RuleMessage,
  translate,
  questionDisplayText,
} from '@trialpath/domain';
import { notify, QuestionField, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, ApiRequestError } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import { ReasonForChangeDialog, type ShownChange, SignDialog, UnlockDialog } from './SiteFormDialogs';
import { SiteFormHistory } from './SiteFormHistory';
import { STATUS_COLOR } from './status';

/** What to place next to each answer (a question's identifier): the slot for data queries. */
/** What goes next to one answer (a query button): the question, the saved entry's id (null until first saved), its text. */
export type ItemExtras = (questionIdentifier: string, entry: { entryId: string | null; label: string }) => ReactNode;
export const SiteFormItemExtras = createContext<ItemExtras | undefined>(undefined);

type Answers = Record<string, Answer | undefined>;
type Errors = Record<string, RuleMessage[]>;

/** The server's per-field refusals as rule messages (the same catalogue keys the browser's check gives). */
function serverErrors(err: unknown): Errors {
  if (!(err instanceof ApiRequestError) || !err.body?.fieldErrorKeys) return {};
  return err.body.fieldErrorKeys as Errors;
}

function changesShown(activity: Activity, saved: Answers, next: Answers, lang: string): ShownChange[] {
  const byId = new Map(activity.questions.map((q) => [q.identifier, q]));
  return changesNeedingReason(changedAnswers(saved, next)).map((c) => {
    const q = byId.get(c.item);
    return {
      item: c.item,
      question: q ? questionDisplayText(q, lang) : c.item,
      oldText: q ? displayAnswerText(q, c.oldValue ?? undefined, lang) : '',
      newText: q ? displayAnswerText(q, c.newValue ?? undefined, lang) : '',
    };
  });
}

export function SiteFormEntryPage(props: { renderItemExtras?: ItemExtras }) {
  const { studyId = '', participantId = '', entryKey = '' } = useParams();
  const { t } = useTranslation('edc');
  const params = { studyId, participantId, entryKey };
  const query = useEndpointQuery(getSiteForm, { params });
  const path = useStudyPath(studyId);
  if (query.isPending) return <Loader aria-label={t('entry.loadFailed')} />;
  if (query.isError || !query.data)
    return (
      <Alert color="red" role="alert">
        {refusalText(query.error, 'en', t('entry.loadFailed'))}
      </Alert>
    );
  return (
    <Stack>
      <Anchor component={Link} to={path(`participants/${participantId}`)} size="sm">
        {t('entry.back')}
      </Anchor>
      <EntryForm entry={query.data} params={params} renderItemExtras={props.renderItemExtras} />
    </Stack>
  );
}

function EntryForm(p: {
  entry: SiteFormEntry;
  params: { studyId: string; participantId: string; entryKey: string };
  renderItemExtras?: ItemExtras;
}) {
  const { t, i18n } = useTranslation('edc');
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const fromContext = useContext(SiteFormItemExtras);
  const extras = p.renderItemExtras ?? fromContext;
  const { entry } = p;
  const activity = entry.activity as Activity;
  const [answers, setAnswers] = useState<Answers>(entry.answers);
  const [errors, setErrors] = useState<Errors>({});
  const [warnings, setWarnings] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'sign' | 'unlock' | { complete: boolean; changes: ShownChange[] }>(null);
  const [busy, setBusy] = useState(false);
  // a saved or reloaded entry replaces what is on the page
  useEffect(() => setAnswers(entry.answers), [entry]);
  const shown = useMemo(() => {
    const { disabled } = computeFlow(activity, answers);
    return flowIndex(activity).flow.filter((q) => !disabled.has(q.identifier));
  }, [activity, answers]);
  const editable = entry.may.enter && !entry.locked && !(entry.siteLocked && entry.entryId === null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const refreshed = async (next: SiteFormEntry) => {
    await invalidateEndpoints(queryClient, getSiteForm, listSiteForms);
    setAnswers(next.answers);
  };

  const send = async (complete: boolean, kept: Answers, reason?: string): Promise<string | null> => {
    setBusy(true);
    try {
      const saved = await api.call(saveSiteForm, {
        params: p.params,
        body: {
          answers: kept as Record<string, Answer>,
          complete,
          expectedUpdatedAt: entry.updatedAt,
          ...(reason ? { reason } : {}),
        },
      });
      setErrors({});
      notify(complete ? t('entry.saved') : t('entry.savedIncomplete'), { kind: 'success' });
      await refreshed(saved);
      return null;
    } catch (err) {
      setErrors(serverErrors(err));
      const text = refusalText(err, i18n.language, t('error.generic'));
      setRefusal(text);
      return text;
    } finally {
      setBusy(false);
    }
  };

  const save = async (complete: boolean) => {
    setRefusal(null);
    const check = checkEntryAnswers(activity, answers, { complete, context: { language: lang } });
    setWarnings(check.warnings);
    if (!check.valid) {
      setErrors(check.errors);
      setRefusal(t('entry.fixErrors'));
      return;
    }
    setErrors({});
    const changes = changesShown(activity, entry.answers, check.answers, lang);
    if (changes.length > 0) setDialog({ complete, changes });
    else await send(complete, check.answers);
  };

  const act = async (run: () => Promise<unknown>, done: string): Promise<string | null> => {
    try {
      await run();
      notify(done, { kind: 'success' });
      await invalidateEndpoints(queryClient, getSiteForm, listSiteForms);
      return null;
    } catch (err) {
      return refusalText(err, i18n.language, t('error.generic'));
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{entry.activityName ?? entry.activityIdentifier ?? entry.activityId}</Title>
          <Group gap="xs">
            <Badge color={STATUS_COLOR[entry.status]}>{t(`status.${entry.status}`)}</Badge>
            {entry.locked && <Badge color="gray">{t('panel.locked')}</Badge>}
            {entry.startDay !== null && <Text size="sm">{t('panel.day', { day: entry.startDay })}</Text>}
          </Group>
          {entry.updated && (
            <Text size="sm" c="dimmed">
              {t('entry.lastSaved', { name: entry.updated.name, when: when(entry.updated.at) })}
            </Text>
          )}
          {entry.signature && (
            <Text size="sm">
              {t('entry.signedBy', {
                name: entry.signature.signerName,
                when: when(entry.signature.signedAt),
                meaning: entry.signature.meaning,
              })}
            </Text>
          )}
        </Stack>
        <Group>
          {entry.may.sign && entry.status === 'COMPLETED' && !entry.locked && (
            <Button variant="default" onClick={() => setDialog('sign')}>
              {t('entry.sign')}
            </Button>
          )}
          {entry.may.lock && entry.entryId !== null && !entry.locked && (
            <Button
              variant="default"
              onClick={() =>
                void act(() => api.call(lockSiteForm, { params: p.params, body: {} }), t('entry.lockedDone')).then(
                  (r) => r && setRefusal(r),
                )
              }
            >
              {t('entry.lock')}
            </Button>
          )}
          {entry.may.lock && entry.locked && (
            <Button variant="default" onClick={() => setDialog('unlock')}>
              {t('entry.unlock')}
            </Button>
          )}
        </Group>
      </Group>
      {entry.locked && <Alert color="gray">{t('entry.locked')}</Alert>}
      {!entry.locked && entry.siteLocked && entry.entryId === null && (
        <Alert color="gray">{t('entry.siteLocked')}</Alert>
      )}
      {!entry.may.enter && <Alert color="blue">{t('entry.readOnly')}</Alert>}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(true);
        }}
      >
        {/* on white: the question components' texts (warnings in orange) keep their contrast */}
        <Paper withBorder radius="md" p="md">
          <Stack>
            {shown.map((q) => (
              <Group key={q.identifier} align="flex-start" wrap="nowrap" data-question={q.identifier}>
                <div style={{ flex: 1 }}>
                  <QuestionField
                    question={q}
                    value={answers[q.identifier]}
                    onChange={(v) => setAnswers((a) => ({ ...a, [q.identifier]: v }))}
                    language={lang}
                    errors={errors[q.identifier]}
                    warnings={warnings[q.identifier]}
                    disabled={!editable}
                  />
                </div>
                {extras?.(q.identifier, { entryId: entry.entryId, label: questionDisplayText(q, lang) })}
              </Group>
            ))}
            {refusal && (
              <Alert color="red" variant="light" role="alert">
                {refusal}
              </Alert>
            )}
            {editable && (
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void save(false)} loading={busy}>
                  {t('entry.saveIncomplete')}
                </Button>
                <Button type="submit" loading={busy}>
                  {t('entry.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      </form>
      <SiteFormHistory activity={activity} history={entry.history} />
      {dialog !== null && typeof dialog === 'object' && (
        <ReasonForChangeDialog
          changes={dialog.changes}
          onConfirm={(reason) =>
            send(dialog.complete, checkEntryAnswers(activity, answers, { complete: dialog.complete }).answers, reason)
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'sign' && (
        <SignDialog
          meaning={translate('edc.signatureMeaning', undefined, lang)}
          onConfirm={(currentPassword) =>
            act(() => api.call(signSiteForm, { params: p.params, body: { currentPassword } }), t('entry.signedDone'))
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'unlock' && (
        <UnlockDialog
          onConfirm={(reason) =>
            act(() => api.call(unlockSiteForm, { params: p.params, body: { reason } }), t('entry.unlockedDone'))
          }
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
