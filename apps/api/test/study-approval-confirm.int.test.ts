/**
 * The confirm step of recording a study's approvals (C-065; decision 0041): the call names the revision
 * of the study record the person confirmed against, and a change since is refused (409) instead of
 * recording flags the person did not see — without it, a confirmation could re-grant an approval someone
 * withdrew meanwhile. Without a revision the call behaves as before (API users of decision 0031).
 */
import { getStudyRecord, setStudyApproval, updateStudy } from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let sleep: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  for (const u of ['studyadmin', 'admin', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const approve = (body: unknown, user = 'studyadmin') =>
  call(t.app, setStudyApproval, { params: { studyId: sleep }, token: tokens[user], body });
const record = async (user = 'studyadmin') =>
  (await call(t.app, getStudyRecord, { params: { studyId: sleep }, token: tokens[user] })).json;

const approvalRows = () =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'reason', 'before', 'after'])
    .where('entity_id', '=', sleep)
    .where('action', '=', 'study.approval')
    .orderBy('id')
    .execute();

describe('confirming approvals against the record read (C-065)', () => {
  it('records with the revision read; the record shows who and when; audited once', async () => {
    const seen = await record();
    const r = await approve({
      isInternalOrganizationalApproved: true,
      isIrbEcApproved: false,
      revision: seen.revision,
    });
    expect(r.status).toBe(200);
    expect(r.json.revision).toBe(seen.revision + 1);
    expect(r.json.approval).toMatchObject({
      isInternalOrganizationalApproved: true,
      internalApproved: { name: 'Sam Study' },
      isIrbEcApproved: false,
    });
    expect(Date.parse(r.json.approval.internalApproved.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await approvalRows()).toMatchObject([
      {
        reason: null,
        before: { isInternalOrganizationalApproved: false, isIrbEcApproved: false },
        after: { isInternalOrganizationalApproved: true, isIrbEcApproved: false },
      },
    ]);
  });

  it('a withdrawal confirmed after someone else changed the approvals is refused and changes nothing', async () => {
    const seenByA = await record('studyadmin');
    // Someone else withdraws nothing but records the IRB/EC approval meanwhile.
    const other = await approve({ isInternalOrganizationalApproved: false, isIrbEcApproved: true }, 'admin');
    expect(other.status).toBe(200);
    // A confirms what they saw: both flags off (IRB/EC was off when they looked).
    const stale = await approve({
      isInternalOrganizationalApproved: false,
      isIrbEcApproved: false,
      reason: 'Protocol amended',
      revision: seenByA.revision,
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'studies.approvalConflict',
      message:
        'The study changed after you opened this confirmation. Check the approvals as they are now, then confirm again.',
      details: { currentRevision: seenByA.revision + 1, yourRevision: seenByA.revision },
    });
    const now = await record();
    expect(now.approval).toMatchObject({ isIrbEcApproved: true, irbEcApproved: { name: 'Ada Admin' } });
    expect((await approvalRows()).map((a) => a.reason)).toEqual([null]);
  });

  it('an edit of the study details since the read is a change too', async () => {
    const seen = await record();
    const edited = await call(t.app, updateStudy, {
      params: { studyId: sleep },
      token: tokens.studyadmin,
      body: {
        code: seen.code,
        name: `${seen.name} (amended)`,
        languages: seen.languages.map((l: { id: string }) => l.id),
        countries: seen.countries.map((c: { id: string }) => c.id),
        revision: seen.revision,
      },
    });
    expect(edited.status).toBe(200);
    const r = await approve({
      isInternalOrganizationalApproved: true,
      isIrbEcApproved: false,
      revision: seen.revision,
    });
    expect(r.status).toBe(409);
  });

  it('withdrawing with the current revision needs the reason, and keeps it in the audit trail', async () => {
    await approve({ isInternalOrganizationalApproved: true, isIrbEcApproved: false });
    const seen = await record();
    const refused = await approve({
      isInternalOrganizationalApproved: false,
      isIrbEcApproved: false,
      revision: seen.revision,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrorKeys.reason[0].key).toBe('studies.approvalWithdrawReason');
    const withdrawn = await approve({
      isInternalOrganizationalApproved: false,
      isIrbEcApproved: false,
      reason: 'Sponsor asked for a new review',
      revision: seen.revision,
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json.approval).toMatchObject({ isInternalOrganizationalApproved: false, internalApproved: null });
    expect((await approvalRows()).at(-1)).toMatchObject({
      reason: 'Sponsor asked for a new review',
      before: { isInternalOrganizationalApproved: true },
      after: { isInternalOrganizationalApproved: false },
    });
  });

  it.each([-1, 1.5, '3'])('a revision of %j is refused on the revision field', async (revision) => {
    const r = await approve({ isInternalOrganizationalApproved: true, isIrbEcApproved: false, revision });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.fieldErrorKeys)).toContain('revision');
  });

  it('a monitor may not confirm approvals (403), whatever the revision', async () => {
    const seen = await record('cra.demo');
    const r = await approve(
      { isInternalOrganizationalApproved: true, isIrbEcApproved: false, revision: seen.revision },
      'cra.demo',
    );
    expect(r.status).toBe(403);
  });
});
