/** What every handler receives: the database (a transaction for writes), the caller and the request facts. */
import type { Endpoint } from '@trialpath/contract';
import type { AppEnvironment } from '@trialpath/domain';
import type { z } from 'zod';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { AuditInput } from '../modules/audit/audit.service';
import type { StudyAssignmentRow } from '../modules/users/users.repository';

export interface StaffActor {
  type: 'staff';
  userId: string;
  username: string;
  clientId: string;
  platformRole: string;
  realm: string | null;
  dataAccessType: string;
  /** studyId of a per-study token, null for the general token. */
  tokenStudyId: string | null;
  authorities: string[];
  sessionId: string;
  tokenExp: number;
  /** Study assignments with their sites, read with the user for this request: a changed role applies at once. */
  assignments: readonly StudyAssignmentRow[];
}

export interface ParticipantActor {
  type: 'participant';
  participantId: string;
  studyId: string;
  siteId: string;
  environment: AppEnvironment;
  sessionId: string;
}

export type Actor = StaffActor | ParticipantActor;

type Out<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;

export interface Ctx<E extends Endpoint = Endpoint> {
  db: Db;
  config: AppConfig;
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** Upload endpoints: the request body as received (its content type is one the endpoint lists). */
  upload: { data: Buffer; contentType: string } | null;
  actor: Actor | null;
  env: AppEnvironment;
  ip: string;
  userAgent: string | null;
  /** Record an audit entry, written in the request's transaction (write requests only). */
  audit(entry: AuditInput): void;
  /** The signed-in staff user (the guard already refused anyone else on staff endpoints). */
  staff(): StaffActor;
  participant(): ParticipantActor;
}

/**
 * A non-JSON answer (an image, a file): the plumbing sends the bytes with this content type instead
 * of serialising JSON. Declared in the contract as `response: z.any()`.
 */
export class BinaryResponse {
  constructor(
    readonly contentType: string,
    readonly data: Uint8Array,
  ) {}
}

export type Handler<E extends Endpoint> = (ctx: Ctx<E>) => Promise<z.input<E['response']>>;

export interface RouteDef {
  endpoint: Endpoint;
  // biome-ignore lint/suspicious/noExplicitAny: the registry holds handlers of every endpoint type
  handler: Handler<any>;
}

/** Pair an endpoint of the contract with its handler (type-checked against the endpoint's schemas). */
export function route<E extends Endpoint>(endpoint: E, handler: Handler<E>): RouteDef {
  return { endpoint, handler };
}
