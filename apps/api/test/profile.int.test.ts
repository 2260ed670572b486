import {
  getClient,
  getProfile,
  getProfileImage,
  getStudyFeatures,
  updateProfile,
  uploadProfileImage,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-bytes')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-bytes')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

function upload(token: string, contentType: string, payload: Buffer | string) {
  return t.app.inject({
    method: 'PUT',
    url: uploadProfileImage.path,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

describe('profile update (sanitised endpoint)', () => {
  it('stores the profile with script tags, on… handlers and javascript: removed; sets profileCompleted; audited', async () => {
    const s = await staffAccess(t, 'crc.demo');
    const id = await idOf(t.db, 'users', { username: 'crc.demo' });
    await t.db.updateTable('users').set({ profile_completed: false }).where('id', '=', id).execute();
    const r = await call(t.app, updateProfile, {
      token: s.accessToken,
      headers: { 'user-agent': 'Browser<script>steal()</script>/1.0' },
      body: {
        firstName: '<script>alert(1)</script>Carla',
        lastName: 'Lee<img src=x onerror=alert(1)>',
        workNumber: '555-0100',
        licenseType: 'javascript:alert(1)RN',
      },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      firstName: 'Carla',
      lastName: 'Lee<img src=x>',
      name: 'Carla Lee<img src=x>',
      phoneNumber: null,
      workNumber: '555-0100',
      licenseType: 'alert(1)RN',
      profileCompleted: true,
      otpVerified: true,
      profileImage: null,
      clientMemberId: null,
    });
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'license_type'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Carla', last_name: 'Lee<img src=x>', license_type: 'alert(1)RN' });
    // headers are sanitised too (the audit entry records the user agent)
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['user_agent', 'before', 'after'])
      .where('action', '=', 'user.profile.update')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry.user_agent).toBe('Browser/1.0');
    expect(entry.before).toMatchObject({ firstName: 'Carlos', profileCompleted: false });
    expect(entry.after).toMatchObject({ firstName: 'Carla', profileCompleted: true });

    // absent fields are kept, null clears
    const r2 = await call(t.app, updateProfile, {
      token: s.accessToken,
      body: { firstName: 'Carlos', lastName: 'Coordinator', workNumber: null },
    });
    expect(r2.json).toMatchObject({ workNumber: null, licenseType: 'alert(1)RN' });
  });

  it('a name that is only a script is empty after sanitising → 400', async () => {
    const s = await staffAccess(t, 'pi.demo');
    const r = await call(t.app, updateProfile, {
      token: s.accessToken,
      body: { firstName: '<script>alert(1)</script>', lastName: 'X' },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.fieldErrors)).toEqual(['firstName']);
    const tooLong = await call(t.app, updateProfile, {
      token: s.accessToken,
      body: { firstName: 'A', lastName: 'B', workNumber: '1'.repeat(31) },
    });
    expect(Object.keys(tooLong.json.fieldErrors)).toEqual(['workNumber']);
  });
});

describe('profile image (raw upload)', () => {
  it('stores a PNG; any staff user of the client reads it back with its content type', async () => {
    const s = await staffAccess(t, 'studyadmin');
    const id = await idOf(t.db, 'users', { username: 'studyadmin' });
    const r = await upload(s.accessToken, 'image/png', PNG);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ profileImage: `/api/v1/users/${id}/profile-image` });
    expect((await call(t.app, getProfile, { token: s.accessToken })).json.profileImage).toBe(
      `/api/v1/users/${id}/profile-image`,
    );
    const other = await staffAccess(t, 'cra.demo');
    const img = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${id}/profile-image`,
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // replacing it keeps one image, audited with before and after
    expect((await upload(s.accessToken, 'image/webp', WEBP)).statusCode).toBe(200);
    expect((await upload(s.accessToken, 'image/jpeg; charset=binary', JPEG)).statusCode).toBe(200);
    const img2 = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${id}/profile-image`,
      headers: { authorization: `Bearer ${s.accessToken}` },
    });
    expect(img2.headers['content-type']).toBe('image/jpeg');
    expect(img2.rawPayload.equals(JPEG)).toBe(true);
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'user.profile-image.update')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual({ before: null, after: { contentType: 'image/png', byteSize: PNG.length } });
    expect(entries[2]!.before).toEqual({ contentType: 'image/webp', byteSize: WEBP.length });
  });

  it('refuses bytes that are not of the declared type (400), other types (415) and files over 2 MiB (413)', async () => {
    const s = await staffAccess(t, 'pi.demo');
    const mismatch = await upload(s.accessToken, 'image/jpeg', PNG);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The file is not a JPEG image.' });
    expect((await upload(s.accessToken, 'image/webp', Buffer.from('RIFF0000NOPE'))).statusCode).toBe(400);
    const empty = await upload(s.accessToken, 'image/png', Buffer.alloc(0));
    expect([400, 415]).toContain(empty.statusCode);
    const gif = await upload(s.accessToken, 'image/gif', Buffer.from('GIF89a'));
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type.' });
    expect((await upload(s.accessToken, 'application/json', '{"a":1}')).statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(s.accessToken, 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is too large (limit 2 MiB).',
    });
    // exactly 2 MiB is accepted
    const exact = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(s.accessToken, 'image/png', exact)).statusCode).toBe(200);
    // an image body sent to a JSON endpoint is refused
    const wrong = await t.app.inject({
      method: 'PUT',
      url: updateProfile.path,
      headers: { authorization: `Bearer ${s.accessToken}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(wrong.statusCode).toBe(415);
    // without a token: 401
    const anon = await t.app.inject({
      method: 'PUT',
      url: uploadProfileImage.path,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('a user without an image → 404; another client’s user looks missing', async () => {
    const s = await staffAccess(t, 'cra.demo');
    const adminId = await idOf(t.db, 'users', { username: 'admin' });
    const r = await call(t.app, getProfileImage, { params: { userId: adminId }, token: s.accessToken });
    expect(r.status).toBe(404);
    expect(r.json.code).toBe('NOT_FOUND');
    const unknown = await call(t.app, getProfileImage, {
      params: { userId: crypto.randomUUID() },
      token: s.accessToken,
    });
    expect(unknown.status).toBe(404);
  });

  it('the OpenAPI document describes the upload and the binary answer', async () => {
    const doc = (await t.app.inject('/api/docs/openapi.json')).json();
    const put = doc.paths['/api/v1/me/profile-image'].put;
    expect(Object.keys(put.requestBody.content).sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(put.requestBody.content['image/png'].schema).toEqual({ type: 'string', format: 'binary' });
    const get = doc.paths['/api/v1/users/{userId}/profile-image'].get;
    expect(get.responses['200'].content['*/*'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(doc.paths['/api/v1/me'].put['x-sanitized']).toBe(true);
  });
});

describe('study features and client code', () => {
  it('gives the study’s features to someone on the study; the same row check as the study', async () => {
    const s = await staffAccess(t, 'crc.demo');
    const demo = await idOf(t.db, 'studies', { code: 'DEMO' });
    const r = await call(t.app, getStudyFeatures, { params: { studyId: demo }, token: s.accessToken });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      studyId: demo,
      studyFeatures: {
        telehealth: true,
        eConsent: true,
        edc: true,
        analytics: true,
        caregiver: false,
        telehealthRecording: true,
      },
    });
    const sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
    const denied = await call(t.app, getStudyFeatures, { params: { studyId: sleep }, token: s.accessToken });
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe('You do not have access to this page.');
    const admin = await staffAccess(t, 'studyadmin');
    const empty = await call(t.app, getStudyFeatures, { params: { studyId: sleep }, token: admin.accessToken });
    expect(empty.json).toEqual({ studyId: sleep, studyFeatures: {} });
  });

  it('the client identity carries the client’s short code', async () => {
    const r = await call(t.app, getClient);
    expect(r.json.clientId).toBe('trialpath-demo');
  });

  it('profile writes are audited', async () => {
    const s = await staffAccess(t, 'studyadmin');
    expect((await upload(s.accessToken, 'image/png', PNG)).statusCode).toBe(200);
    const id = await idOf(t.db, 'users', { username: 'studyadmin' });
    expect(await auditActions(t.db, id)).toContain('user.profile-image.update');
  });
});
