import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { onImport } from '../data/lib/import-record.ts';
import { safeError } from './safe-error.ts';

/*
 * An in-process copy of read-only reference data (docs/decisions/0018): built from the database,
 * which stays the source of truth, and rebuilt when an import it depends on changes.
 * - An import in this process (first start, tests, the e2e harness) marks it stale at once: the next
 *   caller waits for the rebuild, so an answer never predates an import this process made.
 * - An import by another process or instance changes the import's row in `data_imports`; every
 *   `pollMs` the marker is read and, when it changed, the model is rebuilt in the background and
 *   swapped in (answers meanwhile come from the previous model).
 * - A model that cannot be built is null: callers then answer from SQL, and the next poll retries.
 */

export type ReadModel<T> = {
  /** The current model (built first when missing or stale), or null when it cannot be built (answer from SQL); polls from then on. */
  get(): Promise<T | null>;
  /** Builds it now unless current (the server, once listening, so that no request waits for it); polls from then on. */
  start(): Promise<void>;
  /** Stops polling; resolves once a build in progress has ended. */
  stop(): Promise<void>;
  /** Whether a model is in memory (false while the first build runs, or when it cannot be built). */
  loaded(): boolean;
};

export type ReadModelOptions<T> = {
  name: string;
  database: Database;
  /** The `data_imports` names the model is derived from. */
  imports: readonly string[];
  /** Builds the model inside one read-only snapshot of the database. */
  load(db: Db): Promise<T>;
  pollMs: number;
  /** Told of every build that succeeded, with its time (metrics). */
  onBuilt?: (ms: number) => void;
  log: { debug(obj: object, msg: string): void; info(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

/** The marker of the imports a model depends on: name, input hash and time of each. */
export async function importMarker(db: Db, imports: readonly string[]): Promise<string> {
  const r = (await db.execute(
    sql`select name, input_hash, imported_at from data_imports where name in (${sql.join(
      imports.map((n) => sql`${n}`),
      sql`, `,
    )}) order by name`,
  )) as unknown as { rows: { name: string; input_hash: string; imported_at: string }[] };
  return r.rows.map((x) => `${x.name}:${x.input_hash}:${x.imported_at}`).join('|');
}

export function createReadModel<T>(opts: ReadModelOptions<T>): ReadModel<T> {
  const { database } = opts;
  let current: { marker: string; model: T } | null = null;
  // `wanted` grows with each import this process makes; `built` is the generation last built (or tried).
  let wanted = 1;
  let built = 0;
  let building: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let failures = 0;
  let builds = 0;

  const build = (): Promise<void> => {
    if (building) return building;
    const generation = wanted;
    building = (async () => {
      const started = performance.now();
      try {
        // Marker and rows from one snapshot: an import commits its rows and its marker together.
        current = await database.db.transaction(
          async (tx) => {
            const marker = await importMarker(tx as unknown as Db, opts.imports);
            return { marker, model: await opts.load(tx as unknown as Db) };
          },
          database.kind === 'postgres' ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
        );
        failures = 0;
        // The first build is part of start-up; a rebuild (after an import) is news.
        const ms = Math.round(performance.now() - started);
        opts.onBuilt?.(performance.now() - started);
        if (builds++ === 0) opts.log.debug({ readModel: opts.name, ms }, `read model ${opts.name} built`);
        else opts.log.info({ readModel: opts.name, ms }, `read model ${opts.name} rebuilt after an import`);
      } catch (err) {
        current = null;
        if (failures++ % 12 === 0) opts.log.error({ err: safeError(err), readModel: opts.name }, `read model ${opts.name} cannot be built; answering from SQL`);
      } finally {
        built = generation;
        building = null;
      }
    })();
    return building;
  };

  const unsubscribe = onImport(database, (name) => {
    if (opts.imports.includes(name)) wanted++;
  });

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void poll(), opts.pollMs);
    timer.unref();
  };
  const poll = async () => {
    timer = null;
    try {
      if (!building && (built < wanted || (await importMarker(database.db, opts.imports)) !== current?.marker)) await build();
    } catch {
      // The database is away: keep the model; the next poll tries again.
    }
    schedule();
  };

  return {
    async get() {
      // A build that started before this process's latest import does not count: build again.
      while (built < wanted) await build();
      schedule();
      return current?.model ?? null;
    },
    async start() {
      while (built < wanted) await build();
      schedule();
    },
    loaded: () => current !== null,
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
      await building;
    },
  };
}
