/**
 * Texts the data-transfer screens build from values: each key written out (the text-usage check reads literal
 * keys), so a lookup stands where a key would otherwise be built from a value.
 */
import type { SftpDestination, SftpTestResult, SftpTransfer } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';

export function useTransferLabels() {
  const { t } = useTranslation('data-transfer');
  const status: Record<SftpDestination['status'] | SftpTransfer['status'], string> = {
    ACTIVE: t('status.ACTIVE'),
    DISCONNECTED: t('status.DISCONNECTED'),
    QUEUED: t('status.QUEUED'),
    RUNNING: t('status.RUNNING'),
    SUCCEEDED: t('status.SUCCEEDED'),
    FAILED: t('status.FAILED'),
  };
  const trigger: Record<SftpTransfer['trigger'], string> = {
    MANUAL: t('trigger.MANUAL'),
    SCHEDULED: t('trigger.SCHEDULED'),
    RETRY: t('trigger.RETRY'),
  };
  const method: Record<SftpDestination['authMethod'], string> = {
    PASSWORD: t('method.PASSWORD'),
    PRIVATE_KEY: t('method.PRIVATE_KEY'),
  };
  const kind: Record<SftpDestination['scheduleKind'], string> = {
    NONE: t('kind.NONE'),
    DAILY: t('kind.DAILY'),
    WEEKLY: t('kind.WEEKLY'),
  };
  const days = [t('day.d1'), t('day.d2'), t('day.d3'), t('day.d4'), t('day.d5'), t('day.d6'), t('day.d7')];
  const day = (n: number) => days[n - 1] ?? '';
  const stage: Record<Extract<SftpTestResult, { ok: false }>['stage'], string> = {
    connect: t('test.stageconnect'),
    hostKey: t('test.stagehostKey'),
    auth: t('test.stageauth'),
    folder: t('test.stagefolder'),
  };
  const schedule = (d: Pick<SftpDestination, 'scheduleKind' | 'scheduleTime' | 'scheduleDay'>) =>
    d.scheduleKind === 'DAILY'
      ? t('schedule.daily', { time: d.scheduleTime })
      : d.scheduleKind === 'WEEKLY'
        ? t('schedule.weekly', { day: day(d.scheduleDay ?? 1), time: d.scheduleTime })
        : t('schedule.none');
  return { status, trigger, method, kind, day, stage, schedule };
}

/** While a transfer waits or is being sent, its screens ask again every two seconds. */
export const IN_FLIGHT: readonly string[] = ['QUEUED', 'RUNNING'];
export const REFRESH_MS = 2000;
