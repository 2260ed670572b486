/** `npm run audit:verify -w apps/api`: recompute the audit hash chain; exit 1 at the first broken entry. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { verifyAuditChain } from '../modules/audit/audit.service';

const handle = await openDatabase(loadConfig());
let code = 0;
try {
  const r = await verifyAuditChain(handle.db);
  if (r.ok) console.log(`OK: ${r.count} audit entries, chain intact.`);
  else {
    console.error(`BROKEN at audit entry ${r.brokenId}: ${r.reason} (${r.count} entries verified before it).`);
    code = 1;
  }
} finally {
  await handle.close();
}
process.exit(code);
