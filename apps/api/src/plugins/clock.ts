import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's time (lib/clock.ts); tests inject a TestClock and move it forward. */
    clock: Clock;
  }
}

export const clockPlugin = fp(async (app: FastifyInstance, opts: { clock?: Clock }) => {
  app.decorate('clock', opts.clock ?? systemClock);
});
