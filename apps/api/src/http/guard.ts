/**
 * The guard every route passes (DESIGN.md §3, access is checked twice). The plumbing knows only this
 * shape; the access module implements it (app.ts wires the two), so no HTTP file imports a module.
 */
import type { Endpoint } from '@trialpath/contract';
import type { AppEnvironment } from '@trialpath/domain';
import type { Actor } from '../kernel/actor';

export interface RequestToCheck {
  endpoint: Endpoint;
  actor: Actor | null;
  params: unknown;
  query: unknown;
  body: unknown;
  env: AppEnvironment;
}

export interface RequestGuard {
  /** Who calls: nobody on public endpoints, else the holder of a valid token of the endpoint's audience. */
  authenticate(endpoint: Endpoint, authorization: string | undefined): Promise<Actor | null>;
  /** The endpoint's permission for the caller's roles (in the request's study) and the environment's rule. */
  authorize(request: RequestToCheck): Promise<void>;
}
