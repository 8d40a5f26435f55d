import type { MotoServer } from './motoServer';
import type { PostgresCluster } from '../../../testing/postgresCluster';

export default async function instancesTeardown() {
  const holder = globalThis as { __postgresCluster?: PostgresCluster; __motoServer?: MotoServer };
  holder.__motoServer?.stop();
  holder.__postgresCluster?.stop();
}
