import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from './own-postgres.ts';

/** Why a test cannot run a Redis of its own here, or null when it can. */
export function ownRedisUnavailable(): string | null {
  return spawnSync('redis-server', ['--version']).status === 0 ? null : 'no redis-server on the PATH';
}

export type OwnRedis = {
  url: string;
  /** A client without prefix, to look at the keys as they are stored. */
  client(): Redis;
  start(): Promise<void>;
  /** Ends the server (SIGTERM, no save): every connection to it drops. */
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its socket and connections open and answers nothing (a hung Redis). */
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
};

/** A redis-server of the test's own on a free port, kept in memory only, that the test may stop and start again on the same port. */
export async function createOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const clients: Redis[] = [];
  const onExit = () => child?.kill('SIGKILL');
  process.once('exit', onExit);

  const own: OwnRedis = {
    url,
    client() {
      const c = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
      c.on('error', () => {});
      clients.push(c);
      return c;
    },
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => {});
      try {
        for (let i = 0; ; i++) {
          try {
            await probe.connect();
            await probe.ping();
            return;
          } catch (err) {
            if (i > 100) throw err;
            probe.disconnect();
            await sleep(50);
          }
        }
      } finally {
        probe.disconnect();
      }
    },
    freeze() {
      child?.kill('SIGSTOP');
    },
    thaw() {
      child?.kill('SIGCONT');
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      child = null;
    },
    async destroy() {
      own.thaw();
      for (const c of clients) c.disconnect();
      await own.stop();
      process.removeListener('exit', onExit);
    },
  };
  return own;
}
