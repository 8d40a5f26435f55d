import type { PostgresCluster } from './postgresCluster';

export default async function instancesTeardown() {
  (globalThis as { __postgresCluster?: PostgresCluster }).__postgresCluster?.stop();
}
