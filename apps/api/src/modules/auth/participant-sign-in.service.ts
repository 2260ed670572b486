/**
 * Participant sign-in for the web portal (spec 001 §6, §8; 000 §8.1). Our own identity service
 * stands in for the cloud user pool; the spec's identity-service outcomes are our catalogue
 * codes: a wrong previous password answers IDENTITY_BAD_REQUEST ('Bad Request.'), too many failures
 * ATTEMPT_LIMIT_EXCEEDED ('Attempt limit exceeded, please try after some time.').
 */
import type { PasswordRequestKind } from '@trialpath/contract';
import {
  evaluateFailedAttempt,
  isLocked,
  minutesRemaining,
  recipientLanguage,
  messageRef,
  resetLockout,
  serverNotice,
} from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldError, fieldProblem, keepChanges } from '../../kernel/errors';
import { queueEmail } from '../outbox/outbox.service';
import { endRegistrationsAtSignOut } from '../push/push.service';
import {
  changeParticipant,
  lockParticipant,
  type ParticipantRow,
  participantById,
  participantByUsername,
  participantSchedule,
  participantsByEmail,
} from '../participants/participants.service';
import { platformCountriesAndLanguages, studyByCode, studyVersionPointers } from '../studies/studies.service';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import {
  countResetRequest,
  markTokenUsed,
  newPasswordToken,
  RESET_TOKEN_TTL_MS,
  refuseRecentPassword,
  rememberOutgoingPassword,
  requirePasswordRules,
  resetRequestKey,
  usablePasswordToken,
} from './passwords.service';
import {
  createRefreshToken,
  devicesOfSession,
  endSessions,
  participantAccessToken,
  rotateRefreshToken,
} from './session-tokens';

const ref = (p: { id: string }) => ({ type: 'participant' as const, id: p.id });

/** The participant as the portal reads it (001 §3, D-041): with the version their data space runs. */
export async function toProfile(ctx: DbCtx, p: ParticipantRow) {
  const pointers = await studyVersionPointers(ctx, p.study_id);
  // The date column as its 'YYYY-MM-DD' text (a plain select gives a driver-dependent Date).
  const schedule = await participantSchedule(ctx, p.id);
  return {
    pid: p.id,
    participantId: p.participant_code,
    username: p.username ?? '',
    email: p.email,
    mobile: p.mobile,
    mobileCountryCode: p.mobile_country_code,
    verificationMethod: p.verification_method,
    studyId: p.study_id,
    siteId: p.site_id,
    languageId: p.language,
    status: p.status,
    startDate: schedule?.day_zero ?? null,
    registrationDate: p.registration_date ? new Date(p.registration_date).toISOString() : null,
    studyVersionId: (p.environment === 'LIVE' ? pointers.liveVersionId : pointers.testVersionId) ?? null,
    myStudyVersionId: p.version_id,
  };
}

async function tokensFor(ctx: ServiceCtx, p: ParticipantRow, deviceId: string) {
  const refresh = await createRefreshToken(ctx, { participantId: p.id, studyId: p.study_id, deviceId });
  const accessToken = await participantAccessToken(ctx.config, {
    participantId: p.id,
    studyId: p.study_id,
    environment: p.environment,
    sessionId: refresh.row.session_id,
  });
  return { accessToken, refreshToken: refresh.token, expiresIn: ctx.config.accessTokenTtlSeconds, pid: p.id };
}

export async function participantLogin(
  ctx: ServiceCtx,
  body: { studyCode: string; username: string; password: string; deviceId: string },
) {
  const study = await studyByCode(ctx, body.studyCode);
  const found = study ? await participantByUsername(ctx, study.id, body.username) : undefined;
  if (!found) {
    // Unknown study or username answer like a wrong password, in the same time (decision 0023).
    await verifyPassword(await dummyPasswordHash(), body.password);
    ctx.audit({ action: 'participant.login.failed', entityType: 'participant', after: { matched: false } });
    throw keepChanges(fail('INVALID_CREDENTIALS'));
  }
  const p = (await lockParticipant(ctx, found.id))!;
  const state = { failedAttempts: p.failed_attempts, lockedUntil: p.locked_until };
  const now = new Date();
  if (isLocked(state, now)) {
    ctx.audit({ action: 'participant.login.locked', entityType: 'participant', entityId: p.id, actor: ref(p) });
    throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(state, now) }));
  }
  // No password yet: checked against the dummy hash, so it fails like a wrong password (decision 0023).
  if (!(await verifyPassword(p.password_hash ?? (await dummyPasswordHash()), body.password))) {
    const next = evaluateFailedAttempt(state, now);
    await changeParticipant(ctx, p.id, { failed_attempts: next.failedAttempts, locked_until: next.lockedUntil });
    const locked = isLocked(next, now);
    ctx.audit({
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
  const fresh = await changeParticipant(ctx, p.id, {
    failed_attempts: cleared.failedAttempts,
    locked_until: cleared.lockedUntil,
  });
  // Registered from the portal but not yet verified (decision D-057): the right password, no session.
  if (p.status === 'REGISTERED') {
    ctx.audit({
      action: 'participant.login.failed',
      entityType: 'participant',
      entityId: p.id,
      actor: ref(p),
      after: { notVerified: true },
    });
    // The password was right: the owner may learn which account waits, to ask for its code (the code screen).
    throw keepChanges(
      fail('NOT_VERIFIED', undefined, { details: { pid: p.id, verificationMethod: p.verification_method } }),
    );
  }
  ctx.audit({ action: 'participant.login', entityType: 'participant', entityId: p.id, actor: ref(p) });
  return { tokens: await tokensFor(ctx, fresh, body.deviceId), participant: await toProfile(ctx, fresh) };
}

/** After a 419 the portal sends refresh token, pid and device id; all three must match. */
export async function participantRefresh(
  ctx: ServiceCtx,
  body: { refreshToken: string; pid: string; deviceId: string },
) {
  const { config } = ctx;
  const { next } = await rotateRefreshToken(
    ctx,
    body.refreshToken,
    (row) => row.participant_id === body.pid && row.device_id === body.deviceId,
  );
  const p = await participantById(ctx, next.row.participant_id!);
  if (!p) throw fail('UNAUTHENTICATED');
  const accessToken = await participantAccessToken(config, {
    participantId: p.id,
    studyId: p.study_id,
    environment: p.environment,
    sessionId: next.row.session_id,
  });
  return { accessToken, refreshToken: next.token, expiresIn: config.accessTokenTtlSeconds, pid: p.id };
}

export async function participantLogout(ctx: ServiceCtx) {
  const actor = ctx.participant();
  // the devices signed in with this session stop receiving this person's notifications
  await endRegistrationsAtSignOut(ctx, await devicesOfSession(ctx, actor.sessionId));
  const ended = await endSessions(ctx, { sessionId: actor.sessionId }, 'sign-out');
  ctx.audit({
    action: 'participant.logout',
    entityType: 'participant',
    entityId: actor.participantId,
    after: { sessionId: actor.sessionId, endedSessions: ended },
  });
  return { ok: true as const };
}

/** The same answer whether or not an account matched (no account discovery), in the request's language. */
const sameAnswer = (ctx: ServiceCtx) => ({
  ok: true as const,
  message: serverNotice('participantDetailsMatchSent', ctx.request.language),
});

export async function participantForgotUsername(ctx: ServiceCtx, body: { studyCode: string; email: string }) {
  const study = await studyByCode(ctx, body.studyCode);
  let reminded = 0;
  for (const p of study ? await participantsByEmail(ctx, study.id, body.email) : []) {
    if (!p.username || !p.email || !study) continue;
    await queueEmail(ctx, {
      to: p.email,
      template: 'participantUsername',
      params: { study: study.name, username: p.username },
      language: recipientLanguage(p.language, ctx.request.language),
    });
    ctx.audit({ action: 'participant.username-reminder', entityType: 'participant', entityId: p.id, actor: ref(p) });
    reminded++;
  }
  // The same answer either way (no account discovery); the attempt is on the trail all the same.
  if (reminded === 0)
    ctx.audit({ action: 'participant.username-reminder', entityType: 'participant', after: { matched: false } });
  return sameAnswer(ctx);
}

/** What the forgot-password request says about itself (001 §6, §7; decision D-085), kept on its audit entry. */
interface PasswordRequestFacts {
  userType: 'webParticipant';
  requestKind: PasswordRequestKind;
  countryId: string;
}

/** The country must be one Trialpath offers (the language page lists only those): else a 400 on the field. */
async function requireOfferedCountry(ctx: ServiceCtx, countryId: string): Promise<void> {
  const { countries } = await platformCountriesAndLanguages(ctx, ctx.request.language);
  if (!countries.some((c) => c.countryId === countryId))
    throw fieldError('countryId', messageRef('studies.countryUnknown', { country: countryId }));
}

export async function participantForgotPassword(
  ctx: ServiceCtx,
  body: { studyCode: string; username: string } & PasswordRequestFacts,
) {
  // Checked before anything is looked up or counted: a refused request writes nothing and reveals no account.
  await requireOfferedCountry(ctx, body.countryId);
  const asked = { userType: body.userType, requestKind: body.requestKind, countryId: body.countryId };
  const study = await studyByCode(ctx, body.studyCode);
  const p = study ? await participantByUsername(ctx, study.id, body.username) : undefined;
  const known = study && p?.email ? p : null;
  await countResetRequest(
    ctx,
    resetRequestKey(ctx, known ? { participantId: known.id } : { typed: [body.studyCode, body.username] }),
    () =>
      ctx.audit({
        action: 'participant.password.reset-limited',
        entityType: 'participant',
        entityId: known?.id ?? null,
        ...(known ? { actor: ref(known) } : {}),
        after: known ? asked : { ...asked, matched: false },
      }),
  );
  if (!study || !p?.email) {
    ctx.audit({
      action: 'participant.password.reset-requested',
      entityType: 'participant',
      after: { ...asked, matched: false },
    });
    return sameAnswer(ctx);
  }
  const token = await newPasswordToken(ctx, { participantId: p.id }, 'participant_reset', RESET_TOKEN_TTL_MS);
  const link = `${ctx.config.publicUrl}/participant/#/participants/web/${encodeURIComponent(study.code)}/reset-password/${token}`;
  await queueEmail(ctx, {
    to: p.email,
    template: 'participantReset',
    params: { study: study.name, link },
    language: recipientLanguage(p.language, ctx.request.language),
  });
  ctx.audit({
    action: 'participant.password.reset-requested',
    entityType: 'participant',
    entityId: p.id,
    actor: ref(p),
    after: asked,
  });
  return sameAnswer(ctx);
}

export async function participantResetPassword(ctx: ServiceCtx, body: { token: string; password: string }) {
  const row = await usablePasswordToken(ctx, body.token, 'participant_reset');
  requirePasswordRules('password', body.password);
  const p = await participantById(ctx, row.participant_id!);
  if (!p) throw fail('RESET_TOKEN_INVALID');
  await refuseRecentPassword(ctx, { participantId: p.id }, p.password_hash, body.password, 'password');
  await rememberOutgoingPassword(ctx, { participantId: p.id }, p.password_hash);
  const cleared = resetLockout();
  await changeParticipant(ctx, p.id, {
    password_hash: await hashPassword(body.password),
    failed_attempts: cleared.failedAttempts,
    locked_until: cleared.lockedUntil,
  });
  const ended = await endSessions(ctx, { participantId: p.id }, 'password-reset');
  await markTokenUsed(ctx, row.id);
  ctx.audit({
    action: 'participant.password.reset',
    entityType: 'participant',
    entityId: p.id,
    actor: ref(p),
    after: { endedSessions: ended },
  });
  return { ok: true as const };
}

export async function participantChangePassword(
  ctx: ServiceCtx,
  body: { previousPassword: string; proposedPassword: string },
) {
  const p = await lockParticipant(ctx, ctx.participant().participantId);
  if (!p) throw fail('UNAUTHENTICATED');
  const state = { failedAttempts: p.failed_attempts, lockedUntil: p.locked_until };
  const now = new Date();
  if (isLocked(state, now)) throw fail('ATTEMPT_LIMIT_EXCEEDED');
  if (!(await verifyPassword(p.password_hash, body.previousPassword))) {
    const next = evaluateFailedAttempt(state, now);
    await changeParticipant(ctx, p.id, { failed_attempts: next.failedAttempts, locked_until: next.lockedUntil });
    ctx.audit({ action: 'participant.password.change-failed', entityType: 'participant', entityId: p.id });
    // A wrong current password is that field's problem: the portal shows it at the field.
    throw keepChanges(
      isLocked(next, now)
        ? fail('ATTEMPT_LIMIT_EXCEEDED')
        : fieldProblem('VALIDATION_FAILED', 'previousPassword', 'password.currentWrong'),
    );
  }
  requirePasswordRules('proposedPassword', body.proposedPassword);
  await refuseRecentPassword(ctx, { participantId: p.id }, p.password_hash, body.proposedPassword, 'proposedPassword');
  await rememberOutgoingPassword(ctx, { participantId: p.id }, p.password_hash);
  await changeParticipant(ctx, p.id, {
    password_hash: await hashPassword(body.proposedPassword),
    failed_attempts: 0,
    locked_until: null,
  });
  // The other sessions of the participant end; this one stays (decision 0021).
  const ended = await endSessions(
    ctx,
    { participantId: p.id, exceptSessionId: ctx.participant().sessionId },
    'password-change',
  );
  ctx.audit({
    action: 'participant.password.change',
    entityType: 'participant',
    entityId: p.id,
    after: { endedSessions: ended },
  });
  return { ok: true as const };
}

export async function participantMe(ctx: ServiceCtx) {
  const p = await participantById(ctx, ctx.participant().participantId);
  if (!p) throw fail('UNAUTHENTICATED');
  return toProfile(ctx, p);
}
