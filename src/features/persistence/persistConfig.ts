import { createMigrate, type MigrationManifest, type PersistConfig, type PersistedState } from 'redux-persist';
import type { RootState } from '../../app/store';
import { accountStorage } from './accountStorage';

/** The slices kept on the device. Never the RTK Query cache, toasts, or the session snapshot. */
export const PERSISTED_SLICES = ['answers', 'addAnother', 'tabs', 'sync'] as const;
export const PERSIST_KEY = 'application';
export const PERSIST_VERSION = 1;

type Stored = Record<string, unknown> & PersistedState;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Versioned migrations of what is stored on the device. Version 1 normalises anything older or damaged into
 * today's shapes without dropping answers: a bare answer map (a pre-release shape) becomes answers.values.
 */
export const migrations: MigrationManifest = {
  1: (state) => {
    const s = (state ?? {}) as Stored;
    const answers = isObject(s.answers) ? s.answers : {};
    const values = isObject(answers.values) ? answers.values : isObject(s.answers) ? (s.answers as object) : {};
    const cleanValues = Object.fromEntries(
      Object.entries(values).filter(([, v]) => typeof v === 'string' || typeof v === 'boolean'),
    );
    const sync = isObject(s.sync) ? s.sync : {};
    return {
      ...s,
      answers: { values: cleanValues, errors: isObject(answers.errors) ? answers.errors : {} },
      addAnother: { counts: isObject((s.addAnother as Stored)?.counts) ? (s.addAnother as Stored).counts : {} },
      tabs: { chosen: isObject((s.tabs as Stored)?.chosen) ? (s.tabs as Stored).chosen : {} },
      sync: {
        dirty: Array.isArray(sync.dirty) ? sync.dirty.filter((k) => typeof k === 'string') : Object.keys(cleanValues),
        version: typeof sync.version === 'number' ? sync.version : null,
      },
    } as Stored;
  },
};

/**
 * Rehydration never loses what is stored or what was typed before it finished (redux-persist #244, #786):
 * stored answers are the base and anything already in memory wins key by key; dirty keys are united.
 */
export function reconcile(inbound: Partial<RootState>, original: RootState, reduced: RootState): RootState {
  if (!inbound) return reduced;
  const merged = { ...reduced };
  if (inbound.answers) {
    merged.answers = {
      values: { ...inbound.answers.values, ...reduced.answers.values },
      errors: { ...inbound.answers.errors, ...reduced.answers.errors },
      // A copy stored before format errors were kept has none: the store's own (empty) map then stays.
      formatErrors: { ...inbound.answers.formatErrors, ...reduced.answers.formatErrors },
    };
  }
  if (inbound.addAnother)
    merged.addAnother = { counts: { ...inbound.addAnother.counts, ...reduced.addAnother.counts } };
  if (inbound.tabs) merged.tabs = { chosen: { ...inbound.tabs.chosen, ...reduced.tabs.chosen } };
  if (inbound.sync) {
    merged.sync = {
      ...reduced.sync,
      dirty: [...new Set([...(inbound.sync.dirty ?? []), ...reduced.sync.dirty])],
      version: reduced.sync.version ?? inbound.sync.version ?? null,
      status: (inbound.sync.dirty?.length ?? 0) + reduced.sync.dirty.length > 0 ? 'pending' : reduced.sync.status,
    };
  }
  void original;
  return merged;
}

/** Only what must survive a reload: the save outbox keeps its keys and version, not its transient status. */
const syncTransform = {
  in: (state: unknown, key: string | number) =>
    key === 'sync' && isObject(state) ? { dirty: state.dirty, version: state.version } : state,
  out: (state: unknown) => state,
  config: undefined,
};

export function persistConfig(onWriteFail: (error: Error) => void): PersistConfig<RootState> {
  return {
    key: PERSIST_KEY,
    version: PERSIST_VERSION,
    storage: accountStorage,
    whitelist: [...PERSISTED_SLICES],
    // 0: never time out. A timeout rehydrates `undefined` and the next write replaces what is stored (#786, #717).
    timeout: 0,
    migrate: createMigrate(migrations, { debug: false }),
    stateReconciler: reconcile as PersistConfig<RootState>['stateReconciler'],
    transforms: [syncTransform as never],
    writeFailHandler: onWriteFail,
    // redux-persist writes one slice per tick: 5 slices × 50 ms, so a change is on the device within ~0.25 s.
    throttle: 50,
  };
}
