import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenerQuiet } from './drain.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    if (s.listening) await new Promise((r) => s.close(r));
  }
});

describe('listenerQuiet: when a stopping server may close its listener', () => {
  it('ends its wait only after the quiet time without a connection, each new connection restarting it', async () => {
    const server = http.createServer((_req, res) => res.end('answered'));
    servers.push(server);
    const watch = listenerQuiet(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as net.AddressInfo).port;
    const connectedAt: number[] = [];
    server.on('connection', () => connectedAt.push(performance.now()));
    const started = performance.now();
    const waiting = watch.quiet(300, 60_000).then(() => performance.now());
    for (let k = 0; k < 5; k++) {
      const accepted = once(server, 'connection');
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      await accepted;
      socket.destroy();
    }
    const quietAt = await waiting;
    // However slow the machine: the wait ended only after 300 ms without a connection.
    const lastBefore = Math.max(started, ...connectedAt.filter((t) => t <= quietAt));
    expect(quietAt - lastBefore).toBeGreaterThanOrEqual(300);
  });

  it('gives up waiting after the longest time, connections or not', async () => {
    const server = http.createServer();
    servers.push(server);
    const watch = listenerQuiet(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as net.AddressInfo).port;
    let stop = false;
    const flood = (async () => {
      while (!stop) {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => {});
        await once(socket, 'connect').catch(() => {});
        socket.destroy();
      }
    })();
    await watch.quiet(60_000, 300);
    stop = true;
    await flood;
  });
});
