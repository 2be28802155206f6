import type { Db } from '../db/client.ts';

/**
 * A module's repositories over one database handle, built in one place: `store` over the pool for
 * single reads and writes, and `transaction(fn)` with the same repositories over one transaction
 * (`tx` for what else must commit with it, such as a job). Services take this instead of building
 * repositories themselves.
 */
export type UnitOfWork<S> = {
  readonly store: S;
  transaction<T>(fn: (s: S & { tx: Db }) => Promise<T>): Promise<T>;
};

export function unitOfWork<S extends object>(db: Db, build: (db: Db) => S): UnitOfWork<S> {
  return {
    store: build(db),
    transaction: (fn) => db.transaction((tx) => fn({ ...build(tx), tx })),
  };
}
