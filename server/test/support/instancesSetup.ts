import { startMotoServer, type MotoServer } from './motoServer';
import { startPostgresCluster, type PostgresCluster } from '../../../testing/postgresCluster';

/**
 * Jest global set-up of the 'instances' project: one PostgreSQL cluster and one S3-compatible server for the run,
 * their addresses in INSTANCES_DATABASE_URL and INSTANCES_S3_ENDPOINT (not DATABASE_URL, which would switch the
 * 'server' project to PostgreSQL too).
 */
export default async function instancesSetup() {
  const cluster = await startPostgresCluster();
  const holder = globalThis as { __postgresCluster?: PostgresCluster; __motoServer?: MotoServer };
  holder.__postgresCluster = cluster;
  process.env.INSTANCES_DATABASE_URL = cluster.url;
  const moto = await startMotoServer();
  holder.__motoServer = moto;
  process.env.INSTANCES_S3_ENDPOINT = moto.endpoint;
}
