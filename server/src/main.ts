import { buildApp } from './app';
import { loadConfig } from './config';
import { claimEmbeddedDb } from './db/lock';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) await claimEmbeddedDb(config.dataDir);
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Admission application on ${config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`}, mail: ${config.smtpUrl ? 'SMTP' : config.outboxDir})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
