import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** PostgreSQL 15's server programs as Debian installs them. */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * Why a test cannot run a PostgreSQL of its own here, or null when it can: it needs initdb and
 * pg_ctl, and (as root) the `postgres` account to run them as, the server refusing to run as root.
 */
export function ownPostgresUnavailable(): string | null {
  if (!existsSync(path.join(PG_BIN, 'initdb')) || !existsSync(path.join(PG_BIN, 'pg_ctl'))) return `no ${PG_BIN}/initdb and pg_ctl`;
  if (process.getuid?.() === 0 && !postgresAccount()) return 'running as root without a postgres account to run the server as';
  return null;
}

function postgresAccount(): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type OwnPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  start(): Promise<void>;
  /** pg_ctl stop: 'fast' ends every session (57P01) and shuts down cleanly; 'immediate' is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: the server keeps its sockets open and answers nothing. */
  freeze(): void;
  thaw(): void;
  /** Stops the server (thawing it first) and deletes its files. */
  destroy(): Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, a free port, its
 * socket in that directory), which the test may stop, restart and freeze at will. It never goes
 * near the machine's shared server: other port, other files, other processes.
 */
export async function createOwnPostgres(): Promise<OwnPostgres> {
  const reason = ownPostgresUnavailable();
  if (reason) throw new Error(`cannot run an own PostgreSQL: ${reason}`);
  const account = process.getuid?.() === 0 ? postgresAccount() : null;
  const dir = mkdtempSync(path.join(tmpdir(), 'rankwise-own-pg-'));
  if (account) chownSync(dir, account.uid, account.gid);
  const data = path.join(dir, 'data');
  const as = (program: string, args: string[]) =>
    account ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, program), ...args]) : run(path.join(PG_BIN, program), args);

  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  // In the cluster's own configuration, so that every restart keeps it.
  appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'max_connections = 60',
      'shared_buffers = 16MB',
      `log_min_messages = warning`,
      '',
    ].join('\n'),
  );
  const frozen: number[] = [];
  const ctl = (...args: string[]) => as('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);

  const processes = (): number[] => {
    const pidFile = path.join(data, 'postmaster.pid');
    if (!existsSync(pidFile)) return [];
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    const children: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // pid (comm) state ppid ...: the command may hold spaces and parentheses, so read after the last ')'.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === postmaster) children.push(Number(entry));
      } catch {
        // the process ended meanwhile
      }
    }
    return [postmaster, ...children];
  };
  const thaw = () => {
    for (const pid of frozen.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
  };
  // If the test run dies halfway, leave no frozen or running server behind.
  const onExit = () => {
    thaw();
    const [postmaster] = processes();
    if (postmaster) {
      try {
        process.kill(postmaster, 'SIGQUIT');
      } catch {
        // gone
      }
    }
  };
  process.once('exit', onExit);

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await ctl('-l', path.join(dir, 'server.log'), 'start');
    },
    async stop(mode = 'fast') {
      await ctl('-m', mode, 'stop');
    },
    freeze() {
      // The postmaster first, so that it forks no new backend meanwhile, then each backend.
      const [postmaster] = processes();
      if (!postmaster) throw new Error('the server is not running');
      process.kill(postmaster, 'SIGSTOP');
      frozen.push(postmaster);
      for (const pid of processes().slice(1)) {
        process.kill(pid, 'SIGSTOP');
        frozen.push(pid);
      }
    },
    thaw,
    async destroy() {
      thaw();
      if (existsSync(path.join(data, 'postmaster.pid'))) await ctl('-m', 'immediate', 'stop').catch(() => {});
      process.removeListener('exit', onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
