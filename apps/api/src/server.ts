/** The API process: config → database → migrations → demo seed (fresh demo database) → listen. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { runMigrations } from './db/migrate';
import { openDatabase } from './db/open';
import { configuredSenders, startOutboxWorker } from './modules/outbox/outbox.job';
import { ensurePushKeys, startPushWorker } from './modules/push/push.job';
import { startScheduleWorker } from './modules/schedules/schedules.job';
import { startExportWorker } from './modules/exports/exports.job';
import { startSftpWorker } from './modules/sftp/sftp.job';
import { startVideoWorker } from './modules/study-videos/videos.job';
import { startCallWorker } from './modules/telehealth/calls.job';
import { createPlatform } from './platform';
import { seedDemo } from './seed/demo';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(config);
  const applied = await runMigrations(handle);
  const platform = createPlatform(handle.db, config);
  if (config.demoMode && (await seedDemo(platform))) console.log('› demo data set written (password Trialpath#1)');
  // Web Push: the VAPID key pair is made on the first start (decision D-092)
  const pushKeys = await ensurePushKeys(platform);
  const app = await buildApp({ db: handle.db, config });
  if (!pushKeys.readable)
    app.log.error(
      'the stored VAPID private key cannot be read with this JWT_SECRET: push notifications cannot be sent',
    );
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const senders = configuredSenders(config);
  const outbox = Object.keys(senders).length
    ? startOutboxWorker(platform, senders, config.delivery.pollMs, app.log)
    : null;
  app.log.info({ channels: Object.keys(senders) }, 'outbox delivery');
  // participants' tasks are made by jobs the staff screens poll (E-139…E-142): picked up within half a second
  const schedules = startScheduleWorker(platform, 500, app.log);
  // push messages (test pushes) are sent within a second, with no transaction open
  const pushes = startPushWorker(platform, 1000, app.log);
  // data exports (H-005…H-011) are made in the background within half a second of being asked for
  const exportJobs = startExportWorker(platform, 500, app.log);
  // SFTP transfers (queued by a person or a due schedule) are sent within two seconds, with no transaction open
  const sftpTransfers = startSftpWorker(platform, 2000, app.log);
  // study videos are converted to web MP4 by ffmpeg in the background (H-033, H-034), one at a time
  const videos = startVideoWorker(platform, 2000, app.log);
  // unscheduled calls nobody answers end after five minutes, checked every three seconds (F-067, F-068)
  const calls = startCallWorker(platform, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await outbox?.stop();
      await schedules.stop();
      await pushes.stop();
      await exportJobs.stop();
      await sftpTransfers.stop();
      await videos.stop();
      await calls.stop();
      await handle.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`› Trialpath API on http://localhost:${config.port}${config.demoMode ? ' (demo mode)' : ''}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
