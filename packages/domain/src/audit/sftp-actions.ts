/** SFTP destinations and transfers (issue 14; decision H-sftp): their audit actions (part of AUDIT_ACTIONS, actions.ts). */
import type { ActionDef } from './actions';

export const SFTP_ACTIONS = {
  'sftp.destination.create': {
    entity: ['sftp_destination'],
    summary: 'SFTP destination added (host, port, user, folder, schedule; never its password or key)',
  },
  'sftp.destination.update': {
    entity: ['sftp_destination'],
    summary: 'SFTP destination changed (before and after, without secrets; whether a secret was replaced)',
  },
  'sftp.destination.disconnect': {
    entity: ['sftp_destination'],
    summary: 'SFTP destination disconnected (schedule stopped, credentials erased, queued transfers cancelled)',
  },
  'sftp.destination.test': {
    entity: ['sftp_destination'],
    summary: "SFTP connection tested (the outcome, the server's reason, the host key pinned on the first success)",
  },
  'sftp.schedule.skipped': {
    entity: ['sftp_destination'],
    summary: 'Scheduled SFTP transfer skipped: the study has no data export yet',
  },
  'sftp.transfer.request': {
    entity: ['sftp_transfer'],
    summary: 'SFTP transfer queued (manual, scheduled or a retry; which export)',
  },
  'sftp.transfer.succeeded': {
    entity: ['sftp_transfer'],
    summary: 'SFTP transfer arrived (remote path, bytes sent)',
  },
  'sftp.transfer.failed': { entity: ['sftp_transfer'], summary: "SFTP transfer failed (the server's reason)" },
} as const satisfies Record<string, ActionDef>;
