/** `npm run audit:verify -w apps/api`: recompute the audit hash chain; list every broken entry and exit 1. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { verifyAuditChain } from '../modules/audit/audit.service';

const handle = await openDatabase(loadConfig());
let code = 0;
try {
  const r = await verifyAuditChain(handle.db);
  if (r.ok) console.log(`OK: ${r.count} audit entries, chain intact.`);
  else {
    for (const b of r.breaks) console.error(`BROKEN at audit entry ${b.id}: ${b.reason}.`);
    console.error(`${r.breaks.length} broken of ${r.count} audit entries.`);
    code = 1;
  }
} finally {
  await handle.close();
}
process.exit(code);
