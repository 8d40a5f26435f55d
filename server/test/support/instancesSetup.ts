import { startPostgresCluster, type PostgresCluster } from './postgresCluster';

/**
 * Jest global set-up of the 'instances' project: one PostgreSQL cluster for the run, its URL in
 * INSTANCES_DATABASE_URL (not DATABASE_URL, which would switch the 'server' project to PostgreSQL too).
 */
export default async function instancesSetup() {
  const cluster = await startPostgresCluster();
  process.env.INSTANCES_DATABASE_URL = cluster.url;
  (globalThis as { __postgresCluster?: PostgresCluster }).__postgresCluster = cluster;
}
