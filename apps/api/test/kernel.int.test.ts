/**
 * The service context (kernel/context.ts) and the plumbing around it: every write runs in one
 * transaction with its audit entries; a write that records none is refused and rolled back unless
 * its contract says `audit: false`; a reason for change is part of the request where the contract
 * asks for one; jobs get the same transaction and audit with the job named as the actor.
 */
import { defineEndpoint, OkSchema, unlockUser } from '@trialpath/contract';
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../src/http/context';
import { registerEndpoints } from '../src/http/register';
import { MissingAuditError, runWrite, withSystemContext } from '../src/kernel/context';
import { queueRendered } from '../src/modules/outbox/outbox.service';
import { createGuard } from '../src/platform';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const outboxTo = async (to: string) =>
  (await t.db.selectFrom('outbox').select('id').where('recipient', '=', to).execute()).length;

describe('every write is audited, or it does not happen', () => {
  it('work that records no audit entry is refused and rolled back', async () => {
    const scope = {
      actor: null,
      env: 'LIVE' as const,
      request: { ip: null, userAgent: null, language: 'en' as const },
    };
    const write = () =>
      runWrite(
        t.platform,
        scope,
        (ctx) => queueRendered.email(ctx, { to: 'unaudited@trialpath.example', subject: 's', body: 'b' }),
        {
          requireAudit: true,
          label: 'test write',
        },
      );
    await expect(write()).rejects.toBeInstanceOf(MissingAuditError);
    expect(await outboxTo('unaudited@trialpath.example')).toBe(0);
  });

  it('work that found nothing to change (ctx.unchanged) ends without an entry; the same work without it is refused', async () => {
    const scope = {
      actor: null,
      env: 'LIVE' as const,
      request: { ip: null, userAgent: null, language: 'en' as const },
    };
    const options = { requireAudit: true, label: 'no-op save' };
    expect(
      await runWrite(
        t.platform,
        scope,
        async (ctx) => {
          ctx.unchanged();
          return 'kept as it was';
        },
        options,
      ),
    ).toBe('kept as it was');
    await expect(runWrite(t.platform, scope, async () => 'kept as it was', options)).rejects.toBeInstanceOf(
      MissingAuditError,
    );
  });

  it('through the plumbing: a write endpoint without an entry answers 500 and keeps nothing; audit: false lets it through', async () => {
    const make = (id: string, audit: false | undefined) =>
      defineEndpoint({
        id,
        method: 'POST',
        path: `/test/${id}`,
        audience: 'public',
        summary: 'test',
        body: z.object({ to: z.string() }).strict(),
        response: OkSchema,
        ...(audit === false ? { audit } : {}),
      });
    const strict = make('strictWrite', undefined);
    const lenient = make('lenientWrite', false);
    const handler = async (ctx: { body: { to: string } } & Parameters<typeof queueRendered.email>[0]) => {
      await queueRendered.email(ctx, { to: ctx.body.to, subject: 's', body: 'b' });
      return { ok: true as const };
    };
    const app = Fastify({ logger: false });
    app.setErrorHandler((err: Error, _req, reply) =>
      reply.status(500).send({ code: 'INTERNAL', message: err.message }),
    );
    registerEndpoints(
      app,
      [route(strict, handler), route(lenient, handler)],
      [strict, lenient],
      t.platform,
      createGuard(t.platform),
    );
    const post = (url: string, to: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ to }),
      });

    const refused = await post('/test/strictWrite', 'strict@trialpath.example');
    expect(refused.statusCode).toBe(500);
    expect(refused.json().message).toContain('strictWrite changed data without recording an audit entry');
    expect(await outboxTo('strict@trialpath.example')).toBe(0);

    expect((await post('/test/lenientWrite', 'lenient@trialpath.example')).statusCode).toBe(200);
    expect(await outboxTo('lenient@trialpath.example')).toBe(1);
    await app.close();
  });
});

describe('reason for change', () => {
  it('is required by the contract (400 REASON_REQUIRED on the field) and written on the audit entry', async () => {
    const admin = await staffAccess(t, 'admin');
    const userId = await idOf(t.db, 'users', { username: 'pi.demo' });
    for (const body of [{}, { reason: '   ' }]) {
      const r = await call(t.app, unlockUser, { params: { userId }, body, token: admin.accessToken });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({
        code: 'REASON_REQUIRED',
        fieldErrors: { reason: ['A reason for change is required.'] },
        fieldErrorKeys: { reason: [{ key: 'errors.reasonRequired' }] },
      });
    }
    const ok = await call(t.app, unlockUser, {
      params: { userId },
      body: { reason: 'Identity confirmed by phone' },
      token: admin.accessToken,
    });
    expect(ok.status).toBe(200);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'actor_type'])
      .where('entity_id', '=', userId)
      .where('action', '=', 'user.unlock')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ action: 'user.unlock', reason: 'Identity confirmed by phone', actor_type: 'staff' });
  });
});

describe('jobs and the command line (withSystemContext)', () => {
  it('run in one transaction with their audit entries, the job named as the actor', async () => {
    const id = await withSystemContext(t.platform, 'outbox', async (ctx) => {
      await queueRendered.email(ctx, { to: 'job@trialpath.example', subject: 's', body: 'b' });
      ctx.audit({ action: 'outbox.retry', entityType: 'outbox', entityId: 'job-test' });
      return 'done';
    });
    expect(id).toBe('done');
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id', 'environment', 'ip'])
      .where('entity_id', '=', 'job-test')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor_type: 'system', actor_id: 'outbox', environment: 'LIVE', ip: null });
  });

  it('an error rolls back the work and its entries', async () => {
    await expect(
      withSystemContext(t.platform, 'outbox', async (ctx) => {
        await queueRendered.email(ctx, { to: 'rolled-back@trialpath.example', subject: 's', body: 'b' });
        ctx.audit({ action: 'outbox.retry', entityType: 'outbox', entityId: 'rolled-back' });
        throw new Error('peer gone');
      }),
    ).rejects.toThrow('peer gone');
    expect(await outboxTo('rolled-back@trialpath.example')).toBe(0);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', 'rolled-back').execute()).toEqual(
      [],
    );
  });
});
