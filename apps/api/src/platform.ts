/**
 * The composition root's shared part: the kernel's platform (database, configuration, the audit
 * writer) and the request guard (authentication from the auth module, authorization from the access
 * module). The HTTP plumbing and the kernel import no module; they receive these from here.
 */
import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { RequestGuard } from './http/guard';
import type { Platform } from './kernel/context';
import { GroupCommits } from './kernel/group-commit';
import { authorizeRequest } from './modules/access/access.service';
import { writeAuditRecords } from './modules/audit/audit.service';
import { authenticate } from './modules/auth/authenticate.service';

export function createPlatform(db: Db, config: AppConfig): Platform {
  return { db, config, writeAudit: writeAuditRecords, groups: new GroupCommits() };
}

export function createGuard(platform: Platform): RequestGuard {
  return {
    authenticate: (endpoint, authorization) => authenticate(platform, endpoint, authorization),
    authorize: (request) => authorizeRequest(platform.db, request),
  };
}
