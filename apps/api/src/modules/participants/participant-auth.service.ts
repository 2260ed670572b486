/**
 * Participant sign-in for the web portal (spec 001 §6, §8; 000 §8.1). Our own identity service
 * stands in for the cloud user pool; its error names map to the spec's messages:
 * a wrong previous password is the pool's "Unauthorized" → 'Bad Request.', too many failures is
 * "LimitExceededException" → 'Attempt limit exceeded, please try after some time.'.
 */
import {
  checkPassword,
  evaluateFailedAttempt,
  isLocked,
  minutesRemaining,
  resetLockout,
  ruleRefs,
} from '@trialpath/domain';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import type { ParticipantActor } from '../../http/context';
import { fail, keepChanges, fieldError } from '../../http/errors';
import type { AuditInput } from '../audit/audit.service';
import {
  revokeAllOfParticipant,
  revokeSession,
  insertPasswordToken,
  markPasswordTokenUsed,
  voidOpenPasswordTokens,
} from '../auth/auth.repository';
import { RESET_TOKEN_TTL_MS, usablePasswordToken } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { createRefreshToken, participantAccessToken, rotateRefreshToken } from '../auth/sessions';
import { newOpaqueToken, sha256 } from '../auth/tokens';
import { queueEmail } from '../outbox/outbox.service';
import { findStudyByCode } from '../studies/studies.repository';
import {
  findParticipantById,
  findParticipantByUsername,
  findParticipantForUpdate,
  listParticipantsByEmail,
  updateParticipant,
} from './participants.repository';

type Audit = (e: AuditInput) => void;
interface Deps {
  db: Db;
  config: AppConfig;
  audit: Audit;
  env: Environment;
}

type ParticipantRow = NonNullable<Awaited<ReturnType<typeof findParticipantById>>>;

const ref = (p: ParticipantRow) => ({ type: 'participant', id: p.id });

export function toProfile(p: ParticipantRow) {
  return {
    pid: p.id,
    participantId: p.participant_code,
    username: p.username ?? '',
    email: p.email,
    studyId: p.study_id,
    siteId: p.site_id,
    languageId: p.language,
    status: p.status,
  };
}

async function tokensFor(deps: Deps, p: ParticipantRow, deviceId: string) {
  const refresh = await createRefreshToken(deps.db, deps.config, {
    participantId: p.id,
    studyId: p.study_id,
    deviceId,
  });
  const accessToken = await participantAccessToken(deps.config, {
    participantId: p.id,
    studyId: p.study_id,
    environment: p.environment,
    sessionId: refresh.row.session_id,
  });
  return { accessToken, refreshToken: refresh.token, expiresIn: deps.config.accessTokenTtlSeconds, pid: p.id };
}

async function studyOf(db: Db, studyCode: string) {
  return findStudyByCode(db, studyCode);
}

export async function participantLogin(
  deps: Deps,
  body: { studyCode: string; username: string; password: string; deviceId: string },
) {
  const { db, audit } = deps;
  const study = await studyOf(db, body.studyCode);
  const found = study ? await findParticipantByUsername(db, study.id, body.username, deps.env) : undefined;
  // Unknown study or username answer like a wrong password: participants are not enumerable.
  if (!found) throw fail('INVALID_CREDENTIALS');
  const p = (await findParticipantForUpdate(db, found.id))!;
  const state = { failedAttempts: p.failed_attempts, lockedUntil: p.locked_until };
  const now = new Date();
  if (isLocked(state, now)) {
    audit({ action: 'participant.login.locked', entityType: 'participant', entityId: p.id, actor: ref(p) });
    throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(state, now) }));
  }
  if (!p.password_hash) throw fail('NOT_VERIFIED');
  if (!(await verifyPassword(p.password_hash, body.password))) {
    const next = evaluateFailedAttempt(state, now);
    await updateParticipant(db, p.id, { failed_attempts: next.failedAttempts, locked_until: next.lockedUntil });
    const locked = isLocked(next, now);
    audit({
      action: locked ? 'participant.lockout' : 'participant.login.failed',
      entityType: 'participant',
      entityId: p.id,
      actor: ref(p),
    });
    throw keepChanges(
      locked ? fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(next, now) }) : fail('INVALID_CREDENTIALS'),
    );
  }
  const cleared = resetLockout();
  const fresh = await updateParticipant(db, p.id, {
    failed_attempts: cleared.failedAttempts,
    locked_until: cleared.lockedUntil,
  });
  audit({ action: 'participant.login', entityType: 'participant', entityId: p.id, actor: ref(p) });
  return { tokens: await tokensFor(deps, fresh, body.deviceId), participant: toProfile(fresh) };
}

/** After a 419 the portal sends refresh token, pid and device id; all three must match. */
export async function participantRefresh(deps: Deps, body: { refreshToken: string; pid: string; deviceId: string }) {
  const { db, config } = deps;
  const { next } = await rotateRefreshToken(
    db,
    config,
    body.refreshToken,
    (row) => row.participant_id === body.pid && row.device_id === body.deviceId,
  );
  const p = await findParticipantById(db, next.row.participant_id!);
  if (!p) throw fail('UNAUTHENTICATED');
  const accessToken = await participantAccessToken(config, {
    participantId: p.id,
    studyId: p.study_id,
    environment: p.environment,
    sessionId: next.row.session_id,
  });
  return { accessToken, refreshToken: next.token, expiresIn: config.accessTokenTtlSeconds, pid: p.id };
}

export async function participantLogout(deps: Deps, actor: ParticipantActor) {
  await revokeSession(deps.db, actor.sessionId);
  deps.audit({ action: 'participant.logout', entityType: 'participant', entityId: actor.participantId });
  return { ok: true as const };
}

const SAME_ANSWER = { ok: true as const, message: 'If the details match an account, an e-mail has been sent.' };

export async function participantForgotUsername(deps: Deps, body: { studyCode: string; email: string }) {
  const { db, audit } = deps;
  const study = await studyOf(db, body.studyCode);
  if (!study) return SAME_ANSWER;
  for (const p of await listParticipantsByEmail(db, study.id, body.email, deps.env)) {
    if (!p.username || !p.email) continue;
    await queueEmail(
      db,
      p.email,
      `Your username for ${study.name}`,
      `Your username for ${study.name} is: ${p.username}`,
    );
    audit({ action: 'participant.username-reminder', entityType: 'participant', entityId: p.id, actor: ref(p) });
  }
  return SAME_ANSWER;
}

export async function participantForgotPassword(deps: Deps, body: { studyCode: string; username: string }) {
  const { db, config, audit } = deps;
  const study = await studyOf(db, body.studyCode);
  const p = study ? await findParticipantByUsername(db, study.id, body.username, deps.env) : undefined;
  if (!study || !p?.email) return SAME_ANSWER;
  await voidOpenPasswordTokens(db, { participantId: p.id }, 'participant_reset');
  const token = newOpaqueToken();
  await insertPasswordToken(db, {
    tokenHash: sha256(token),
    purpose: 'participant_reset',
    participantId: p.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${config.publicUrl}/participant/#/participants/web/${encodeURIComponent(study.code)}/reset-password/${token}`;
  await queueEmail(
    db,
    p.email,
    `Reset your password for ${study.name}`,
    `To choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
  );
  audit({ action: 'participant.password.reset-requested', entityType: 'participant', entityId: p.id, actor: ref(p) });
  return SAME_ANSWER;
}

function ruleCheck(field: string, password: string) {
  const failed = checkPassword(password);
  if (failed.length) throw fieldError(field, ...ruleRefs(failed));
}

export async function participantResetPassword(deps: Deps, body: { token: string; password: string }) {
  const { db, audit } = deps;
  const row = await usablePasswordToken(db, body.token, 'participant_reset');
  ruleCheck('password', body.password);
  const p = await findParticipantById(db, row.participant_id!);
  if (!p) throw fail('RESET_TOKEN_INVALID');
  const cleared = resetLockout();
  await updateParticipant(db, p.id, {
    password_hash: await hashPassword(body.password),
    failed_attempts: cleared.failedAttempts,
    locked_until: cleared.lockedUntil,
  });
  await revokeAllOfParticipant(db, p.id);
  await markPasswordTokenUsed(db, row.id);
  audit({ action: 'participant.password.reset', entityType: 'participant', entityId: p.id, actor: ref(p) });
  return { ok: true as const };
}

export async function participantChangePassword(
  deps: Deps,
  actor: ParticipantActor,
  body: { previousPassword: string; proposedPassword: string },
) {
  const { db, audit } = deps;
  const p = await findParticipantForUpdate(db, actor.participantId);
  if (!p) throw fail('UNAUTHENTICATED');
  const state = { failedAttempts: p.failed_attempts, lockedUntil: p.locked_until };
  const now = new Date();
  if (isLocked(state, now)) throw fail('ATTEMPT_LIMIT_EXCEEDED');
  if (!(await verifyPassword(p.password_hash, body.previousPassword))) {
    const next = evaluateFailedAttempt(state, now);
    await updateParticipant(db, p.id, { failed_attempts: next.failedAttempts, locked_until: next.lockedUntil });
    audit({ action: 'participant.password.change-failed', entityType: 'participant', entityId: p.id });
    throw keepChanges(isLocked(next, now) ? fail('ATTEMPT_LIMIT_EXCEEDED') : fail('IDENTITY_BAD_REQUEST'));
  }
  ruleCheck('proposedPassword', body.proposedPassword);
  await updateParticipant(db, p.id, {
    password_hash: await hashPassword(body.proposedPassword),
    failed_attempts: 0,
    locked_until: null,
  });
  audit({ action: 'participant.password.change', entityType: 'participant', entityId: p.id });
  return { ok: true as const };
}

export async function participantMe(db: Db, actor: ParticipantActor) {
  const p = await findParticipantById(db, actor.participantId);
  if (!p) throw fail('UNAUTHENTICATED');
  return toProfile(p);
}
