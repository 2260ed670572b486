import type { DeviceRegistration } from '@trialpath/contract';
import { describe, expect, it } from 'vitest';
import {
  base64UrlToBytes,
  type DeviceRegistrationBody,
  disablePush,
  enablePush,
  type Permission,
  type PushBrowser,
  type PushContext,
  pushWorkerLocation,
  type RegistrationLike,
  screenState,
  type SubscriptionLike,
} from './push';
import { NOTIFICATIONS_TEXTS } from './texts';

// A real P-256 public key, base64url (65 bytes, 0x04 …), as the server would give it.
const PUBLIC_KEY = 'BOx8hGBwuWY5g-Xx4pjQCNMc9cYx6WxkQEbz-hTkX7nsprKtEE-OcHgKVoHLSwKgReYjyIa3MxJzYJ-a_LroxfE';
const OTHER_KEY = 'BLyfxMLFNb6FCLgK-HafwWV1AEKh1HPrk1winq1_TaKPYhpAvFoHYAcNM-u5HOjiF85o-Z8Iit7nYKmg0WIm-x0';
const SUBSCRIPTION_JSON = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk-p256dh-key', auth: 'auth-secret' },
};
const REGISTERED = { id: 'reg-1', pdRegistrationStatus: 'Registered' } as DeviceRegistration;
const WARNING = 'Please allow app to receive notifications.';

/** A browser and a server that write down what was asked of them, in order. */
function fakes(
  o: {
    supported?: boolean;
    permission?: Permission;
    answer?: Permission;
    existing?: { key: string } | null;
    subscriptionJson?: ReturnType<SubscriptionLike['toJSON']>;
    fail?: 'publicKey' | 'registerWorker' | 'subscribe' | 'register' | 'refuse';
  } = {},
) {
  const log: string[] = [];
  const registered: DeviceRegistrationBody[] = [];
  const subscribedWith: Uint8Array<ArrayBuffer>[] = [];
  let permission: Permission = o.permission ?? 'default';
  const failing = (step: string) => {
    if (o.fail === step) throw new Error(`${step} failed`);
  };
  const subscription = (key: string): SubscriptionLike => ({
    options: { applicationServerKey: base64UrlToBytes(key).buffer as ArrayBuffer },
    toJSON: () => o.subscriptionJson ?? SUBSCRIPTION_JSON,
    unsubscribe: async () => {
      log.push('unsubscribe');
      return true;
    },
  });
  const registration: RegistrationLike = {
    pushManager: {
      getSubscription: async () => (o.existing ? subscription(o.existing.key) : null),
      subscribe: async (options) => {
        log.push('subscribe');
        failing('subscribe');
        expect(options.userVisibleOnly).toBe(true);
        subscribedWith.push(options.applicationServerKey);
        return subscription(PUBLIC_KEY);
      },
    },
  };
  const browser: PushBrowser = {
    supported: o.supported ?? true,
    permission: () => permission,
    requestPermission: async () => {
      log.push('requestPermission');
      permission = o.answer ?? 'granted';
      return permission;
    },
    registerWorker: async (scriptUrl, scope) => {
      log.push(`registerWorker ${scriptUrl} ${scope}`);
      failing('registerWorker');
      return registration;
    },
    existingRegistration: async (scope) => {
      log.push(`existingRegistration ${scope}`);
      return registration;
    },
  };
  const ctx: PushContext = {
    browser,
    server: {
      publicKey: async () => {
        log.push('publicKey');
        failing('publicKey');
        return PUBLIC_KEY;
      },
      register: async (body) => {
        log.push('register');
        failing('register');
        registered.push(body);
        return REGISTERED;
      },
      refuse: async (deviceId) => {
        log.push(`refuse ${deviceId}`);
        failing('refuse');
        return {};
      },
    },
    identity: { participantId: 'pid-1', studyId: 'study-1', deviceId: 'device-1' },
    base: '/participant/',
    lang: 'en',
  };
  return { ctx, log, registered, subscribedWith };
}

describe('the service worker location (D-091, D-092)', () => {
  it('is the fixed file at the portal root, scoped to the whole participants web area', () => {
    expect(pushWorkerLocation('/participant/')).toEqual({
      scriptUrl: '/participant/push-worker.js',
      scope: '/participant/',
    });
    expect(pushWorkerLocation('/participant')).toEqual({
      scriptUrl: '/participant/push-worker.js',
      scope: '/participant/',
    });
  });
});

describe('Allow (D-040, D-088…D-090)', () => {
  it('asks the browser, gets the public key, registers the worker, subscribes with the key, registers the device', async () => {
    const f = fakes();
    const outcome = await enablePush(f.ctx);
    expect(outcome).toEqual({ ok: true, registration: REGISTERED });
    expect(f.log).toEqual([
      'requestPermission',
      'publicKey',
      'registerWorker /participant/push-worker.js /participant/',
      'subscribe',
      'register',
    ]);
    expect([...f.subscribedWith[0]!]).toEqual([...base64UrlToBytes(PUBLIC_KEY)]);
    expect(f.subscribedWith[0]).toHaveLength(65);
    // 001 §3 device registration payload
    expect(f.registered).toEqual([
      {
        participantId: 'pid-1',
        studyId: 'study-1',
        pdDeviceToken: SUBSCRIPTION_JSON,
        pdDevicePlatform: 'Web',
        pdRegistrationStatus: 'Registered',
        deviceId: 'device-1',
        appType: 'StudyApp',
      },
    ]);
  });

  it('does not ask again when the browser already allows notifications', async () => {
    const f = fakes({ permission: 'granted' });
    expect((await enablePush(f.ctx)).ok).toBe(true);
    expect(f.log).not.toContain('requestPermission');
  });

  it('keeps a subscription made with the same key, and replaces one made with another key', async () => {
    const same = fakes({ permission: 'granted', existing: { key: PUBLIC_KEY } });
    expect((await enablePush(same.ctx)).ok).toBe(true);
    expect(same.log).not.toContain('subscribe');
    const other = fakes({ permission: 'granted', existing: { key: OTHER_KEY } });
    expect((await enablePush(other.ctx)).ok).toBe(true);
    expect(other.log.slice(-3)).toEqual(['unsubscribe', 'subscribe', 'register']);
  });
});

describe('a refusal or a failure warns exactly the spec’s text (D-118)', () => {
  it('refused in the browser: warned, and the refusal recorded; nothing subscribed', async () => {
    const f = fakes({ answer: 'denied' });
    expect(await enablePush(f.ctx)).toEqual({ ok: false, reason: 'denied', message: WARNING });
    expect(f.log).toEqual(['requestPermission', 'refuse device-1']);
  });

  it('the browser already blocks notifications: warned without a prompt', async () => {
    const f = fakes({ permission: 'denied', answer: 'denied' });
    expect(await enablePush(f.ctx)).toEqual({ ok: false, reason: 'denied', message: WARNING });
    expect(f.log).toEqual(['refuse device-1']);
  });

  it('the prompt closed without an answer: warned, nothing recorded', async () => {
    const f = fakes({ answer: 'default' });
    expect(await enablePush(f.ctx)).toEqual({ ok: false, reason: 'dismissed', message: WARNING });
    expect(f.log).toEqual(['requestPermission']);
  });

  it('a browser without push: warned, nothing asked', async () => {
    const f = fakes({ supported: false });
    expect(await enablePush(f.ctx)).toEqual({ ok: false, reason: 'unsupported', message: WARNING });
    expect(f.log).toEqual([]);
  });

  it.each(['publicKey', 'registerWorker', 'subscribe', 'register'] as const)(
    'the registration fails at %s: warned',
    async (step) => {
      const f = fakes({ permission: 'granted', fail: step });
      expect(await enablePush(f.ctx)).toEqual({ ok: false, reason: 'failed', message: WARNING });
    },
  );

  it('a subscription without its keys is not sent to the server', async () => {
    const f = fakes({ permission: 'granted', subscriptionJson: { endpoint: 'https://fcm.googleapis.com/x' } });
    expect(await enablePush(f.ctx)).toMatchObject({ ok: false, reason: 'failed', message: WARNING });
    expect(f.registered).toEqual([]);
  });

  it('in the participant’s language', async () => {
    const f = fakes({ answer: 'denied' });
    expect(await enablePush({ ...f.ctx, lang: 'es' })).toMatchObject({
      message: 'Permita que la aplicación reciba notificaciones.',
    });
  });
});

describe('Not now and turning off', () => {
  it('drops the browser’s subscription and records the refusal on the server', async () => {
    const f = fakes({ existing: { key: PUBLIC_KEY } });
    await disablePush(f.ctx);
    expect(f.log).toEqual(['existingRegistration /participant/', 'unsubscribe', 'refuse device-1']);
  });

  it('a refusal the server did not take is reported to the screen', async () => {
    const f = fakes({ fail: 'refuse' });
    await expect(disablePush(f.ctx)).rejects.toThrow('refuse failed');
  });
});

describe('what the screen offers', () => {
  const browser = (supported: boolean, permission: Permission) => ({ supported, permission: () => permission });
  it.each([
    [false, 'default', REGISTERED, 'unsupported'],
    [true, 'denied', REGISTERED, 'blocked'],
    [true, 'granted', REGISTERED, 'on'],
    [true, 'granted', null, 'ask'],
    [true, 'granted', { ...REGISTERED, pdRegistrationStatus: 'Gone' }, 'ask'],
    [true, 'default', REGISTERED, 'ask'],
  ] as const)('supported %s, permission %s → %s', (supported, permission, registration, state) => {
    expect(screenState(browser(supported, permission), registration as DeviceRegistration | null)).toBe(state);
  });
});

describe('the screen’s texts', () => {
  it('exist in English and Spanish with the same keys, translated', () => {
    const { en, es } = NOTIFICATIONS_TEXTS;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(es[key]).not.toBe(en[key]);
    expect([en.allow, en.notNow, en.sendTest]).toEqual(['Allow', 'Not now', 'Send a test notification']);
  });
});
