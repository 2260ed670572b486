/**
 * The sites part of a version (decision 0030): a published version records the study's sites as they
 * were, a draft compares the sites as they are, and the diff names a changed site by its code and name.
 */
import { createStudyDraft, diffStudyVersions, getSite, publishStudyVersion, updateSite } from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let sleep: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  token = (await staffAccess(t, 'studyadmin')).accessToken;
});
afterAll(() => t?.close());

const versionRow = (id: string) =>
  t.db.selectFrom('study_versions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the sites of a version (decision 0030)', () => {
  it('publishing records the sites; a site changed since shows as exactly that change in the diff', async () => {
    const v1 = (
      await t.db.selectFrom('studies').select('test_version_id').where('id', '=', sleep).executeTakeFirstOrThrow()
    ).test_version_id!;
    const site = await t.db
      .selectFrom('sites')
      .selectAll()
      .where('study_id', '=', sleep)
      .orderBy('site_code')
      .executeTakeFirst();
    expect(site).toBeDefined();
    expect(
      (
        await call(t.app, publishStudyVersion, {
          params: { studyId: sleep, versionId: v1 },
          token,
          body: { reason: 'v1' },
        })
      ).status,
    ).toBe(200);
    const recorded = (await versionRow(v1)).sites_snapshot as unknown as { id: string; city: string }[];
    expect(recorded.find((s) => s.id === site!.id)).toMatchObject({ city: site!.city });

    const detail = (await call(t.app, getSite, { params: { studyId: sleep, siteId: site!.id }, token })).json;
    const moved = await call(t.app, updateSite, {
      params: { studyId: sleep, siteId: site!.id },
      token,
      body: {
        siteId: detail.siteId,
        name: detail.name,
        countryId: detail.countryId,
        siteSubType: detail.siteSubType,
        address: detail.address,
        city: 'Ciudad Nueva',
        state: 'Región Nueva',
        postalCode: detail.postalCode,
        contactName: detail.contactName,
        contactEmail: detail.contactEmail,
        contactPhone: detail.contactPhone,
      },
    });
    expect(moved.status).toBe(200);
    const v2 = (await call(t.app, createStudyDraft, { params: { studyId: sleep }, token, body: {} })).json.id;

    const diff = await call(t.app, diffStudyVersions, {
      params: { studyId: sleep },
      query: { from: v1, to: v2 },
      token,
    });
    expect(diff.status).toBe(200);
    expect(diff.json.groups).toEqual([
      {
        part: 'sites',
        key: 'sites',
        titleKey: 'studyContent.part.sites',
        changes: [
          {
            // a blank city is a value not given yet: writing one is "added"
            kind: site!.city ? 'changed' : 'added',
            item: { list: 'sites', id: site!.id, title: { en: `${site!.site_code} ${site!.name}` } },
            field: 'city',
            language: null,
            before: site!.city || null,
            after: 'Ciudad Nueva',
          },
          {
            // the state is new to the site's record as well
            kind: 'added',
            item: { list: 'sites', id: site!.id, title: { en: `${site!.site_code} ${site!.name}` } },
            field: 'state',
            language: null,
            before: null,
            after: 'Región Nueva',
          },
        ],
      },
    ]);
    // The published version keeps the sites as they were.
    expect(
      ((await versionRow(v1)).sites_snapshot as unknown as { city: string }[]).some((s) => s.city === 'Ciudad Nueva'),
    ).toBe(false);
  });
});
