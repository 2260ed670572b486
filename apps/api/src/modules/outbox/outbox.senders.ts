/**
 * The two ways a queued message leaves: e-mail over SMTP (nodemailer) and SMS through an HTTP gateway
 * (a JSON POST; most SMS providers and relays accept one). Each throws when the peer refuses, so the
 * delivery loop can keep the message and try again later.
 */
import { DEFAULT_SMS_NUMBER } from '@trialpath/domain';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';

export interface OutgoingMessage {
  recipient: string;
  subject: string | null;
  body: string;
}

export type Send = (message: OutgoingMessage) => Promise<void>;

export interface Senders {
  email?: Send;
  sms?: Send;
}

const PEER_TIMEOUT_MS = 15_000;

/**
 * `SMTP_URL` as nodemailer reads it: `smtp://user:pass@host:587` (STARTTLS when offered),
 * `smtps://…:465` (TLS from the start); options such as `?requireTLS=true` go in the query.
 */
export function smtpSender(url: string, from: string): Send {
  const transport = nodemailer.createTransport(
    {
      url,
      connectionTimeout: PEER_TIMEOUT_MS,
      greetingTimeout: PEER_TIMEOUT_MS,
      socketTimeout: PEER_TIMEOUT_MS,
    },
    { from },
  );
  return async (m) => {
    await transport.sendMail({ to: m.recipient, subject: m.subject ?? '', text: m.body });
  };
}

/**
 * `SMS_WEBHOOK_URL` receives `{ "from": "+1…", "to": "+1…", "body": "…" }`; any 2xx answer means accepted.
 * `from` is `SMS_FROM`, else the default SMS number (001 §9; decision D-121-calendar-and-sms).
 */
export function smsWebhookSender(url: string, token: string | undefined, from: string = DEFAULT_SMS_NUMBER): Send {
  return async (m) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ from, to: m.recipient, body: m.body }),
      signal: AbortSignal.timeout(PEER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status} ${res.statusText}`.trim());
  };
}

/** The senders the configuration names; none in the demo unless SMTP_URL or SMS_WEBHOOK_URL is set. */
export function configuredSenders({ delivery: d }: AppConfig): Senders {
  return {
    ...(d.smtpUrl ? { email: smtpSender(d.smtpUrl, d.mailFrom) } : {}),
    ...(d.smsWebhookUrl ? { sms: smsWebhookSender(d.smsWebhookUrl, d.smsWebhookToken, d.smsFrom) } : {}),
  };
}
