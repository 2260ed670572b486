/** A site form's history (decision E-edc): each change — item, old, new, reason, who, when — newest first. */
import { Table, Text, Title } from '@mantine/core';
import type { SiteFormTrailEntry } from '@trialpath/contract';
import { type Activity, type Answer, displayAnswerText, questionDisplayText } from '@trialpath/domain';
import { useLanguage } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';

export function SiteFormHistory(p: { activity: Activity; history: SiteFormTrailEntry[] }) {
  const { t, i18n } = useTranslation('edc');
  const lang = useLanguage();
  const byId = new Map(p.activity.questions.map((q) => [q.identifier, q]));
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const text = (item: string, a: Answer | null) => {
    const q = byId.get(item);
    if (!a) return '—';
    return q ? displayAnswerText(q, a, lang) || '—' : JSON.stringify(a);
  };
  // one row per changed value; an entry without changes (a signature, a lock) is one row of its own
  type Change = SiteFormTrailEntry['changes'][number];
  const rows: { e: SiteFormTrailEntry; change: Change | null }[] = [];
  for (const e of p.history) {
    if (e.changes.length === 0) rows.push({ e, change: null });
    for (const change of e.changes) rows.push({ e, change });
  }
  return (
    <>
      <Title order={3}>{t('history.title')}</Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Table aria-label={t('history.tableLabel')} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.when')}</Table.Th>
              <Table.Th>{t('history.who')}</Table.Th>
              <Table.Th>{t('history.what')}</Table.Th>
              <Table.Th>{t('history.item')}</Table.Th>
              <Table.Th>{t('history.old')}</Table.Th>
              <Table.Th>{t('history.new')}</Table.Th>
              <Table.Th>{t('history.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ e, change }) => {
              const q = change ? byId.get(change.item) : undefined;
              return (
                <Table.Tr key={`${e.id}-${change?.item ?? ''}`}>
                  <Table.Td>{when(e.at)}</Table.Td>
                  <Table.Td>{e.by}</Table.Td>
                  <Table.Td>{e.summary}</Table.Td>
                  <Table.Td>{change ? (q ? questionDisplayText(q, lang) : change.item) : ''}</Table.Td>
                  <Table.Td>{change ? text(change.item, change.oldValue) : ''}</Table.Td>
                  <Table.Td>{change ? text(change.item, change.newValue) : ''}</Table.Td>
                  <Table.Td>{e.reason ?? ''}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
