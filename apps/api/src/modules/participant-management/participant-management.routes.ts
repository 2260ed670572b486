/**
 * Participant management by staff (decision E-participant-records): one participant read, added, edited; the
 * duplicate check; invitations and recorded unsubscriptions; the list as CSV; the import (E-076, E-078): the file
 * checked, the file imported, the template.
 */
import {
  addParticipant,
  checkParticipantDuplicates,
  checkParticipantImport,
  exportParticipants,
  getParticipant,
  getParticipantFormOptions,
  getParticipantMigrationStatus,
  moveParticipantsToVersion,
  getParticipantImportTemplate,
  importParticipants,
  inviteParticipants,
  listNotInvitedParticipants,
  resendParticipantVerification,
  setParticipantEmailSubscription,
  searchCaregivers,
  updateParticipantEmail,
  updateParticipantPhone,
  updateParticipantRecord,
} from '@trialpath/contract';
import { route } from '../../http/context';
import { fail, HttpError } from '../../kernel/errors';
import { participantsCsv } from './export.service';
import { checkImport, importFile } from './import.service';
import { importTemplate } from './import-template.service';
import { inviteMany, resendVerification, setEmailSubscription } from './invitations.service';
import { migrationStatus, moveToVersion } from './migrations.service';
import * as records from './records.service';
import { caregiverSearch } from './caregivers.service';

/** The uploaded file (the plumbing has checked its content type and size). */
function fileOf(upload: { data: Buffer } | null): Buffer {
  if (!upload) throw fail('UNSUPPORTED_MEDIA_TYPE');
  return upload.data;
}

/** A refused invitation (4xx) is an answer (false); anything else stays an error. */
function keepUnless4xx(e: unknown): false {
  if (e instanceof HttpError && e.status < 500) return false;
  throw e;
}

export const participantManagementRoutes = [
  route(getParticipant, (ctx) => records.participantDetail(ctx, ctx.params)),
  route(getParticipantFormOptions, (ctx) => records.participantFormOptions(ctx, ctx.params)),
  route(addParticipant, async (ctx) => {
    const added = await records.addRecord(ctx, { ...ctx.params, ...ctx.body });
    if (!ctx.body.sendInvite) return { participant: added, invited: false };
    // an invitation that cannot go (no e-mail address yet) leaves the participant added, not invited
    const invited = await inviteMany(ctx, { studyId: ctx.params.studyId, participantIds: [added.id] }).then(
      () => true,
      (e: unknown) => keepUnless4xx(e),
    );
    const participant = invited
      ? await records.participantDetail(ctx, { ...ctx.params, participantId: added.id })
      : added;
    return { participant, invited };
  }),
  route(updateParticipantRecord, (ctx) => records.editRecord(ctx, { ...ctx.params, ...ctx.body })),
  route(searchCaregivers, (ctx) => caregiverSearch(ctx, { ...ctx.params, ...ctx.body })),
  route(updateParticipantPhone, (ctx) => records.changePhone(ctx, { ...ctx.params, ...ctx.body })),
  route(updateParticipantEmail, (ctx) => records.changeEmail(ctx, { ...ctx.params, ...ctx.body })),
  route(checkParticipantDuplicates, (ctx) => records.duplicatesOf(ctx, { ...ctx.params, ...ctx.query })),
  route(exportParticipants, (ctx) => participantsCsv(ctx, { ...ctx.params, ...ctx.query })),
  route(listNotInvitedParticipants, (ctx) => records.notInvited(ctx, ctx.params)),
  route(inviteParticipants, (ctx) => inviteMany(ctx, { ...ctx.params, ...ctx.body })),
  route(moveParticipantsToVersion, (ctx) => moveToVersion(ctx, { ...ctx.params, ...ctx.body })),
  route(getParticipantMigrationStatus, (ctx) => migrationStatus(ctx, { ...ctx.params, ...ctx.body })),
  route(resendParticipantVerification, (ctx) => resendVerification(ctx, ctx.params)),
  route(setParticipantEmailSubscription, (ctx) => setEmailSubscription(ctx, { ...ctx.params, ...ctx.body })),
  route(checkParticipantImport, (ctx) => checkImport(ctx, { ...ctx.params, ...ctx.query, data: fileOf(ctx.upload) })),
  route(importParticipants, (ctx) => importFile(ctx, { ...ctx.params, ...ctx.query, data: fileOf(ctx.upload) })),
  route(getParticipantImportTemplate, (ctx) => importTemplate(ctx, ctx.params)),
];
