import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createReadModel, type ReadModel } from '../lib/read-model.ts';

export type ReadModels = {
  /**
   * A read model (lib/read-model.ts, docs/decisions/0018), or null when PREDICTOR_READ_MODEL is off:
   * built by `ready()` or else by the first request, rebuilt after imports, stopped on close.
   */
  create<T extends { size: number }>(opts: { name: string; imports: readonly string[]; load: (db: Db) => Promise<T> }): ReadModel<T> | null;
  /** Builds every read model not yet current; their names and sizes (rows in memory). */
  ready(): Promise<{ name: string; size: number }[]>;
  /** Whether every read model is in memory (true when they are off: answers come from SQL). */
  loaded(): boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    readModels: ReadModels;
  }
}

export const readModelsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const models: { name: string; model: ReadModel<{ size: number }> }[] = [];
  const log = app.log.child({ component: 'read-model' });
  const ready = () =>
    Promise.all(
      models.map(async ({ name, model }) => {
        await model.start();
        return { name, size: (await model.get())?.size ?? 0 };
      }),
    );
  app.decorate('readModels', {
    create(o) {
      if (!opts.config.PREDICTOR_READ_MODEL) return null;
      const model = createReadModel({
        ...o,
        database: app.database,
        pollMs: opts.config.READ_MODEL_POLL_MS,
        log,
        onBuilt: (ms) => app.metrics?.readModelBuildSeconds.observe({ model: o.name }, ms / 1000),
      });
      models.push({ name: o.name, model });
      return model;
    },
    ready,
    loaded: () => models.every(({ model }) => model.loaded()),
  } satisfies ReadModels);
  app.addHook('onClose', async () => void (await Promise.all(models.map(({ model }) => model.stop()))));
});
