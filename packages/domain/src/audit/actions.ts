/**
 * Every audit action, declared once (ICH E6(R3) data governance; 21 CFR 11.10(e)): what was done, to
 * which kind of record. The server records only these; the audit trail screens and the CDISC ODM
 * AuditRecords of the exports read the same list. A new write adds its action here first.
 */

import { EDC_ACTIONS } from './edc-actions';
import { QUERY_ACTIONS } from './query-actions';
import { MESSAGE_ACTIONS } from './message-actions';
import { DOCUMENT_ACTIONS } from './document-actions';
import { EXPORT_ACTIONS } from './export-actions';
import { DEVICE_ACTIONS } from './device-actions';
import { LINKAGE_ACTIONS } from './linkage-actions';
import { VIDEO_ACTIONS } from './video-actions';
import { EHR_ACTIONS } from './ehr-actions';
import { SFTP_ACTIONS } from './sftp-actions';

/** The kinds of record an audit entry is about. */
const AUDIT_ENTITY_TYPES = [
  'user',
  'participant',
  'study',
  'study_version',
  'client',
  'outbox',
  'sso_provider',
  // files and study documents (decision 0033)
  'stored_file',
  'study_document',
  'irb_document',
  // prototypes of a study's draft (decision 0043)
  'study_prototype',
  // activities, their revisions and the library's groups (decision 0044)
  'activity',
  'activity_revision',
  'activity_group',
  // participants' schedules (decision 0044)
  'schedule_job',
  // participants' activity results (decision B-091)
  'activity_response',
  // Web Push: participants' devices, the server's VAPID key pair, push messages (decision D-092)
  'participant_device',
  'push_key',
  'push_message',
  // eligibility screenings of open enrolment, kept without identity (decision D-097)
  'participant_screening',
  // signed consents (decision D-consent-signature)
  'consent_signature',
  // sites and teams (decision 0032)
  'site',
  'team_member',
  // labels staff attach to participants (decision E-participant-list)
  'participant_label',
  // issue 12: EDC, data queries, messages, participant documents
  'site_form_entry',
  'data_query',
  'participant_message',
  'participant_document',
  // issue 13: saved reports (decision G-reports)
  'report',
  // issue 14: data exports (decision H-exports)
  'export_job',
  // issue 14: linkage token settings, study videos (decisions H-linkage-tokens, H-study-videos)
  'linkage_settings',
  'study_video',
  // issue 14: SFTP destinations and their transfers (decision H-sftp)
  'sftp_destination',
  'sftp_transfer',
  // issue 15: telehealth availability and appointments (decision F-appointments)
  'telehealth_availability',
  'appointment',
  // issue 15: video calls (decision F-calls)
  'telehealth_call',
  // issue 15: recordings of video calls (decision F-recording)
  'telehealth_recording',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export interface ActionDef {
  /** The record kinds the action may be about (most have one). */
  entity: readonly AuditEntityType[];
  /** What happened, for people reading the trail. */
  summary: string;
}

const AUDIT_ACTIONS = {
  ...EDC_ACTIONS,
  ...QUERY_ACTIONS,
  ...MESSAGE_ACTIONS,
  ...DOCUMENT_ACTIONS,
  ...EXPORT_ACTIONS,
  ...DEVICE_ACTIONS,
  ...LINKAGE_ACTIONS,
  ...VIDEO_ACTIONS,
  ...EHR_ACTIONS,
  ...SFTP_ACTIONS,

  // telehealth availability and appointments (issue 15; decision F-appointments)
  'telehealth.availability.save': {
    entity: ['telehealth_availability'],
    summary:
      "A telehealth team member's weekly availability at a site replaced (time zone and windows, before and after)",
  },
  'appointment.book': {
    entity: ['appointment'],
    summary: "Participant's appointment booked (host, visit type, time, the telehealth task it is for)",
  },
  'appointment.reschedule': {
    entity: ['appointment'],
    summary: 'Appointment changed (time, host, visit type or note, before and after), with a reason',
  },
  'appointment.cancel': { entity: ['appointment'], summary: 'Appointment cancelled, with a reason' },
  'appointment.outcome': {
    entity: ['appointment'],
    summary:
      'How an appointment ended recorded (complete, incomplete, no-show, left without being seen), with a reason',
  },
  'telehealth.call.start': {
    entity: ['telehealth_call'],
    summary: 'Video call with a participant started (its appointment, scheduled or not, the colleagues invited)',
  },
  'telehealth.call.invite': { entity: ['telehealth_call'], summary: 'Colleagues invited into a running video call' },
  'telehealth.call.notify': {
    entity: ['telehealth_call'],
    summary: 'The participant notified of the waiting video call again, on their registered devices',
  },
  'telehealth.call.answer': {
    entity: ['telehealth_call'],
    summary: 'The participant answered the video call (their device’s time-zone offset)',
  },
  'telehealth.call.join': {
    entity: ['telehealth_call'],
    summary: 'Someone’s connection to a video call opened (the participant’s first: the call-start time)',
  },
  'telehealth.call.leave': { entity: ['telehealth_call'], summary: 'Someone’s connection to a video call closed' },
  'telehealth.call.end': {
    entity: ['telehealth_call'],
    summary:
      'Video call ended (hang-up, the last stream gone, nobody answered in five minutes, declined) and its appointment with it',
  },
  'telehealth.recording.request': {
    entity: ['telehealth_recording'],
    summary: 'Recording of a video call asked for (sent to the participant now, or when they join)',
  },
  'telehealth.recording.consent': {
    entity: ['telehealth_recording'],
    summary: 'The participant’s answer to a recording request: accepted (the recording starts) or denied',
  },
  'telehealth.recording.timeout': {
    entity: ['telehealth_recording'],
    summary: 'A recording request the participant did not answer within five minutes',
  },
  'telehealth.recording.stop': {
    entity: ['telehealth_recording'],
    summary: 'Recording stopped (by its holder or by the call’s end) or a request cancelled by the call’s end',
  },
  'telehealth.recording.store': {
    entity: ['telehealth_recording'],
    summary: 'A recording’s pieces put together and converted to MP4 (its length), or why that failed',
  },
  'telehealth.recording.play': { entity: ['telehealth_recording'], summary: 'A recording played back' },
  'telehealth.recording.download': {
    entity: ['telehealth_recording'],
    summary: 'A recording downloaded (after the personal-information warning)',
  },

  // staff sign-in and sessions
  'auth.login': { entity: ['user'], summary: 'Signed in' },
  'auth.login.failed': { entity: ['user'], summary: 'Sign-in refused' },
  'auth.login.locked': { entity: ['user'], summary: 'Sign-in refused: account locked' },
  'auth.lockout': { entity: ['user'], summary: 'Account locked after failed sign-ins' },
  'auth.logout': { entity: ['user'], summary: 'Signed out' },
  'auth.study-token': { entity: ['study'], summary: 'Entered a study' },
  'auth.session.revoked': {
    entity: ['user', 'participant'],
    summary: 'Session ended: a refresh token was reused or presented by another device',
  },
  'auth.mfa.challenge': { entity: ['user'], summary: 'Second-factor code sent' },
  'auth.mfa.failed': { entity: ['user'], summary: 'Wrong second-factor code' },
  'auth.mfa.resend': { entity: ['user'], summary: 'Second-factor code sent again' },
  'auth.otp-verified.challenge': { entity: ['user'], summary: 'Code sent to confirm the e-mail address at sign-in' },
  'auth.otp.send': { entity: ['user'], summary: 'One-time code sent' },
  'auth.otp.verify': { entity: ['user'], summary: 'One-time code confirmed' },
  'auth.otp.failed': { entity: ['user'], summary: 'Wrong one-time code' },
  'auth.password.reset-requested': { entity: ['user'], summary: 'Password reset asked for' },
  'auth.password.reset': { entity: ['user'], summary: 'Password reset' },
  'auth.password.create': { entity: ['user'], summary: 'Password created from an invitation' },
  'auth.password.change': { entity: ['user'], summary: 'Password changed' },
  'auth.password.change-failed': { entity: ['user'], summary: 'Password change refused: wrong current password' },
  'auth.password.reset-limited': { entity: ['user'], summary: 'Password reset refused: too many requests' },
  'auth.username.reminder': { entity: ['user'], summary: 'Username reminder sent' },
  'auth.sso.start': { entity: ['sso_provider'], summary: 'Single sign-on started' },
  'auth.sso.failed': { entity: ['user', 'sso_provider'], summary: 'Single sign-on refused' },
  'auth.sso.link': { entity: ['user'], summary: 'Account linked to a single sign-on identity' },
  // staff accounts
  'user.invite': { entity: ['user'], summary: 'User invited' },
  'user.register': { entity: ['user'], summary: 'Invitee registered' },
  'user.unlock': { entity: ['user'], summary: 'Account unlocked by an administrator' },
  'user.logout-everywhere': { entity: ['user'], summary: 'Signed out everywhere by an administrator' },
  'user.profile.update': { entity: ['user'], summary: 'Profile changed' },
  'user.profile-image.update': { entity: ['user'], summary: 'Profile photo changed' },
  'user.email.change-requested': { entity: ['user'], summary: 'E-mail change asked for' },
  'user.email.verify': { entity: ['user'], summary: 'E-mail address confirmed' },
  'user.phone.verify': { entity: ['user'], summary: 'Mobile number confirmed' },
  'user.reauth.failed': {
    entity: ['user'],
    summary: 'E-mail or mobile change refused: the current password was wrong',
  },
  // participants
  'participant.login': { entity: ['participant'], summary: 'Participant signed in' },
  'participant.login.failed': { entity: ['participant'], summary: 'Participant sign-in refused' },
  'participant.login.locked': { entity: ['participant'], summary: 'Participant sign-in refused: account locked' },
  'participant.lockout': { entity: ['participant'], summary: 'Participant account locked after failed sign-ins' },
  'participant.logout': { entity: ['participant'], summary: 'Participant signed out' },
  'participant.password.change': { entity: ['participant'], summary: 'Participant password changed' },
  'participant.password.change-failed': { entity: ['participant'], summary: 'Participant password change refused' },
  'participant.password.reset-requested': { entity: ['participant'], summary: 'Participant password reset asked for' },
  'participant.password.reset-limited': {
    entity: ['participant'],
    summary: 'Participant password reset refused: too many requests',
  },
  'participant.password.reset': { entity: ['participant'], summary: 'Participant password reset' },
  'participant.username-reminder': { entity: ['participant'], summary: 'Participant username reminder sent' },
  // enrolment: screening, registration, verification (decisions D-055…D-058, D-097)
  'participant.screening': {
    entity: ['participant_screening'],
    summary: 'Eligibility screening answered from the study link: pre-screened (eligible) or screen failed',
  },
  'participant.invite': {
    entity: ['participant'],
    summary: 'Participant invited: a registration link sent to their e-mail address',
  },
  'participant.verification.resend': {
    entity: ['participant'],
    summary: 'A new account-verification code sent to a registered participant, asked for by their site team',
  },
  'participant.register': {
    entity: ['participant'],
    summary: 'Participant registered from the portal (username, contact, password, site, version, time zone)',
  },
  'participant.register.refused': {
    entity: ['participant'],
    summary: 'Portal registration refused: the e-mail address or username is already in use in the study',
  },
  'participant.verification.send': {
    entity: ['participant'],
    summary: 'Account verification code sent (by e-mail with a link, or by text message)',
  },
  'participant.verification.failed': {
    entity: ['participant'],
    summary: 'Wrong account verification code',
  },
  'participant.verify': {
    entity: ['participant'],
    summary: 'Participant account verified (by code or by the e-mailed link)',
  },
  // study build
  'study.version.create': { entity: ['study_version'], summary: 'Study version created as a draft' },
  'study.content.update': { entity: ['study_version'], summary: 'Study content of a draft version changed' },
  'study.version.publish': {
    entity: ['study_version'],
    summary: 'Study version published: its content frozen, the test data space runs it',
  },
  'study.version.make-live': { entity: ['study_version'], summary: 'Study version made the live version' },
  'study.version.archive': { entity: ['study_version'], summary: 'Study version archived' },
  'study.version.delete': { entity: ['study_version'], summary: 'Draft study version deleted' },
  'study.version.notes': { entity: ['study_version'], summary: 'Study version notes changed' },
  'study.version.assign': {
    entity: ['study_version'],
    summary: 'Study version assigned to (or taken from) a site or a country',
  },
  // files and study documents (decision 0033)
  'file.store': { entity: ['stored_file'], summary: 'File stored' },
  'file.delete': { entity: ['stored_file'], summary: 'File deleted (its bytes kept for the audit trail)' },
  'study.document.create': { entity: ['study_document'], summary: 'Study document added' },
  'study.document.update': { entity: ['study_document'], summary: 'Study document details changed' },
  'study.document.status': {
    entity: ['study_document'],
    summary: 'Study document activated or deactivated, or its participant flags changed',
  },
  'study.document.delete': { entity: ['study_document'], summary: 'Study document deleted (kept, inactive)' },
  'study.document.image.add': { entity: ['study_document'], summary: 'Image added to a study document disclaimer' },
  'study.document.image.remove': {
    entity: ['study_document'],
    summary: 'Image taken out of a study document disclaimer (its file kept)',
  },
  // translations and IRB/EC documentation (helper "review", decision 0035)
  'study.translations.import': {
    entity: ['study_version'],
    summary: 'Translation file (XLIFF) imported into the draft version',
  },
  'study.irb.generate': { entity: ['irb_document'], summary: 'IRB/EC documentation PDF generated' },
  'study.irb.download': { entity: ['irb_document'], summary: 'IRB/EC documentation PDF downloaded' },
  'study.irb.email': { entity: ['irb_document'], summary: 'IRB/EC documentation sent by e-mail' },
  'study.prototype.create': {
    entity: ['study_prototype'],
    summary: 'Prototype link of the draft made (a two-hour preview, or to share for the days chosen)',
  },
  'study.prototype.revoke': { entity: ['study_prototype'], summary: 'Prototype link withdrawn before it expired' },
  'study.prototype.kit': {
    entity: ['study_prototype'],
    summary: 'Kit of a prototype link made for a platform (QR code and steps)',
  },
  // activities and the activity library (decision 0044)
  'activity.create': {
    entity: ['activity'],
    summary: 'Activity created (empty, copied or imported) with its first revision',
  },
  'activity.update': { entity: ['activity'], summary: "Activity's identifier, tags or group changed" },
  'activity.archive': { entity: ['activity'], summary: 'Activity archived or restored' },
  'activity.revision.create': { entity: ['activity_revision'], summary: 'New draft revision of an activity made' },
  'activity.revision.save': { entity: ['activity_revision'], summary: "Draft revision's definition saved" },
  'activity.revision.status': { entity: ['activity_revision'], summary: 'Revision status moved (activated, retired)' },
  'activity.tag.rename': { entity: ['activity'], summary: 'Library tag renamed or removed on an activity' },
  'activity.group.create': { entity: ['activity_group'], summary: 'Library group created' },
  'activity.group.update': { entity: ['activity_group'], summary: 'Library group renamed or described' },
  'activity.group.delete': { entity: ['activity_group'], summary: 'Empty library group deleted' },
  // participants' schedules and the jobs that make their tasks (decision 0044)
  'participant.version.assign': { entity: ['participant'], summary: 'Participant put on a study version' },
  'participant.dayZero': { entity: ['participant'], summary: "Participant's day zero set (schedule started)" },
  'participant.milestones': { entity: ['participant'], summary: "Participant's milestone dates set or cleared" },
  'participant.label.create': { entity: ['participant_label'], summary: 'Participant label created in a study' },
  'participant.label.update': { entity: ['participant_label'], summary: 'Participant label renamed or recoloured' },
  'participant.label.delete': {
    entity: ['participant_label'],
    summary: 'Participant label deleted (taken from every participant carrying it)',
  },
  'participant.labels.set': { entity: ['participant'], summary: "Participant's labels changed" },
  'report.create': { entity: ['report'], summary: 'Report saved (its participants, fields and activities)' },
  'report.update': { entity: ['report'], summary: "Saved report's name or definition changed" },
  'report.delete': { entity: ['report'], summary: 'Saved report deleted' },
  'participant.add': { entity: ['participant'], summary: 'Participant added by staff, with the record entered' },
  'participant.update': {
    entity: ['participant'],
    summary: "Participant's record changed by staff (each changed field before and after)",
  },
  'participant.import': { entity: ['participant'], summary: 'Participant added by an import of a file' },
  'participant.email.subscription': {
    entity: ['participant'],
    summary: 'Participant asked for no more e-mail, or for e-mail again (by the link, or recorded by staff)',
  },
  'participant.status.change': {
    entity: ['participant'],
    summary: "Participant's status changed by staff, with a reason",
  },
  // site transfers (decision E-site-transfers)
  'participant.transfer.request': {
    entity: ['participant'],
    summary: 'Transfer of the participant to another site of the study requested, with a reason',
  },
  'participant.transfer.review': {
    entity: ['participant'],
    summary: "Participant's site transfer approved (the participant moved to the new site) or refused, with a reason",
  },
  'participant.transfer.cancel': {
    entity: ['participant'],
    summary: "Participant's pending site transfer cancelled, with a reason",
  },
  'participant.tasks.update': {
    entity: ['participant'],
    summary: "Participant's tasks made or moved from the schedule (added, moved, withdrawn)",
  },
  'participant.tasks.send': {
    entity: ['participant'],
    summary: 'Just-in-time or pre-screened tasks sent to the participant',
  },
  'participant.task.withdraw': {
    entity: ['participant'],
    summary: 'On-demand activity taken away from the participant',
  },
  'participant.forms.status': {
    entity: ['participant'],
    summary: "Participant's form statuses changed (with the reason)",
  },
  'participant.signoff': { entity: ['participant'], summary: "Investigator signed the participant's forms" },
  // consent (decision D-consent-signature)
  'participant.signature.failed': {
    entity: ['participant'],
    summary: 'Participant consent signature refused: wrong password (counts toward the lockout)',
  },
  'participant.cohort.choose': { entity: ['participant'], summary: 'Participant chose their cohort' },
  'consent.sign': { entity: ['consent_signature'], summary: 'Participant signed a consent (electronic signature)' },
  'consent.countersign': {
    entity: ['consent_signature'],
    summary: "Investigator countersigned a participant's consent (electronic signature)",
  },

  'participant.start.confirm': { entity: ['participant'], summary: 'Participant confirmed their study start' },
  'participant.start.piConfirm': {
    entity: ['participant'],
    summary: "Investigator confirmed the participant's study start",
  },
  'participant.activities.disable': {
    entity: ['participant'],
    summary: "Participant's activities or notifications turned off or on",
  },
  // participants' activity results (decision B-091)
  'participant.unblind': {
    entity: ['participant'],
    summary: 'Participant unblinded by an investigator for themselves, with the reason (emergency unblinding)',
  },
  'participant.response.correct': {
    entity: ['activity_response'],
    summary: 'Participant-reported answer corrected by site staff, with the reason (the original kept as submitted)',
  },
  'participant.response.submit': {
    entity: ['activity_response'],
    summary: 'Participant submitted an activity result (stored, task marked answered)',
  },
  'participant.response.repeat': {
    entity: ['activity_response'],
    summary: 'Participant sent a stored activity result again (nothing stored: the first one stands)',
  },
  // Web Push (decision D-092)
  'participant.device.register': {
    entity: ['participant_device'],
    summary: 'Participant registered a device for push notifications (or registered it again)',
  },
  'participant.device.refuse': {
    entity: ['participant_device'],
    summary: 'Participant refused push notifications on a device, or turned them off there',
  },
  'participant.device.replaced': {
    entity: ['participant_device'],
    summary: "Device registration replaced: another sign-in registered the same browser's subscription",
  },
  'participant.device.signedOut': {
    entity: ['participant_device'],
    summary: 'Device registration ended: the participant signed out on that device',
  },
  'participant.device.gone': {
    entity: ['participant_device'],
    summary: 'Device registration ended: the push service said the subscription is gone (404/410)',
  },
  'participant.push.test': { entity: ['participant'], summary: 'Participant asked for a test push notification' },
  'push.keys.create': { entity: ['push_key'], summary: "The server's VAPID key pair for Web Push was made" },
  'push.sent': { entity: ['push_message'], summary: 'Push message accepted by the push service' },
  'push.retry': { entity: ['push_message'], summary: 'Push message refused for now, to be tried again' },
  'push.failed': { entity: ['push_message'], summary: 'Push message given up (refused, expired or no device)' },
  // identity tokens for record linkage (decision D-138): the trail keeps the kinds, never the identity or a token
  'participant.record-linkage.agree': {
    entity: ['participant'],
    summary: 'Participant agreed that keyed tokens of their identity link the study’s data with other health records',
  },
  'participant.record-linkage.decline': {
    entity: ['participant'],
    summary: 'Participant declined record linkage, or withdrew their agreement (their identity tokens are removed)',
  },
  'participant.identity-tokens.replace': {
    entity: ['participant'],
    summary: "Participant's identity tokens for record linkage made from their identity, replacing earlier ones",
  },
  'schedule.job.start': { entity: ['schedule_job'], summary: 'Schedule job started (tasks to be made)' },
  'schedule.job.finish': { entity: ['schedule_job'], summary: 'Schedule job finished, or failed' },
  // studies themselves (decision 0031)
  'study.create': { entity: ['study'], summary: 'Study created in design, with its first draft version' },
  'study.update': { entity: ['study'], summary: 'Study details changed (name, code, languages, countries, …)' },
  'study.status': { entity: ['study'], summary: 'Study status changed (paused, closed, archived, deleted, …)' },
  'study.launch': { entity: ['study'], summary: 'Study launched: its readiness checked, it went live' },
  'study.build': { entity: ['study'], summary: 'Study build checked for launch readiness (the gaps found)' },
  'study.approval': { entity: ['study'], summary: 'Study approvals (internal, IRB/EC) recorded or withdrawn' },
  'study.usdm.import': {
    entity: ['study'],
    summary: 'Study created from a CDISC USDM 4.0 study definition (what could not be mapped counted)',
  },
  'study.duplicate': { entity: ['study'], summary: 'Study created as a copy of another study (content only)' },
  // sites and teams (decision 0032)
  'site.create': { entity: ['site'], summary: 'Site created' },
  'site.update': { entity: ['site'], summary: 'Site details changed' },
  'site.status': { entity: ['site'], summary: 'Site status changed in one data space' },
  'site.settings': { entity: ['study'], summary: 'Global site settings of a study changed' },
  'team.member.add': { entity: ['team_member'], summary: 'Existing user added to a study or site team' },
  'team.member.invite': { entity: ['team_member'], summary: 'Person invited by e-mail to a study or site team' },
  'team.member.status': { entity: ['team_member'], summary: 'Team member activated or deactivated' },
  'team.member.role': { entity: ['team_member'], summary: "Team member's role changed" },
  'team.member.blinded': { entity: ['team_member'], summary: "Site team member's blinded flag changed" },
  // platform
  'outbox.sent': { entity: ['outbox'], summary: 'Message delivered' },
  'outbox.retry': { entity: ['outbox'], summary: 'Message refused; will be retried' },
  'outbox.failed': { entity: ['outbox'], summary: 'Message given up after repeated refusals' },
  'demo.seed': { entity: ['client'], summary: 'Demo data set written' },
} as const satisfies Record<string, ActionDef>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditEntityOf<A extends AuditAction> = (typeof AUDIT_ACTIONS)[A]['entity'][number];
