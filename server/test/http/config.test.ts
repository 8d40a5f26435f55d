import os from 'node:os';
import { loadConfig } from '../../src/config';

const PG = 'postgres://app@localhost:5432/admissions';

describe('SERVER_PROCESSES', () => {
  it('is one process per core (at most 4) on PostgreSQL and one on the embedded database when unset', () => {
    const perCore = Math.min(os.availableParallelism(), 4);
    expect(loadConfig({ DATABASE_URL: PG }).serverProcesses).toBe(perCore);
    expect(loadConfig({ DATABASE_URL: PG, SERVER_PROCESSES: '' }).serverProcesses).toBe(perCore);
    expect(loadConfig({}).serverProcesses).toBe(1);
    // The database the overrides choose decides (the bench and the tests pass it that way).
    expect(loadConfig({}, { databaseUrl: PG }).serverProcesses).toBe(perCore);
    expect(loadConfig({ DATABASE_URL: PG }, { databaseUrl: undefined }).serverProcesses).toBe(1);
  });

  it('takes the number given', () => {
    expect(loadConfig({ DATABASE_URL: PG, SERVER_PROCESSES: '3' }).serverProcesses).toBe(3);
    expect(loadConfig({ SERVER_PROCESSES: '1' }).serverProcesses).toBe(1);
  });

  it('refuses more than one without PostgreSQL, none, and what is not a whole number', () => {
    expect(() => loadConfig({ SERVER_PROCESSES: '2' })).toThrow(
      'SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database serves one process',
    );
    expect(() => loadConfig({ DATABASE_URL: PG, SERVER_PROCESSES: '0' })).toThrow(
      'SERVER_PROCESSES must be at least 1',
    );
    expect(() => loadConfig({ SERVER_PROCESSES: 'many' })).toThrow('SERVER_PROCESSES must be a whole number');
  });
});
