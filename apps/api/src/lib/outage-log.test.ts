import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createOutageLog } from './outage-log.ts';

describe('createOutageLog', () => {
  it('logs an outage once with its cause and once when it ends; other errors each time', () => {
    const lines: { level: number; msg: string; reason?: string; outageMs?: number }[] = [];
    const log = pino({ level: 'info' }, new Writable({ write: (c, _e, cb) => (lines.push(JSON.parse(String(c))), cb()) }));
    let t = 0;
    const outages = createOutageLog(log as never, 'payments sweep', () => t);
    const refused = Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    outages.succeeded();
    for (let i = 0; i < 5; i++, t += 60_000) outages.failed(refused);
    outages.succeeded();
    outages.succeeded();
    outages.failed(new TypeError('a bug'));
    outages.failed(new TypeError('a bug'));
    expect(lines.map(({ level, msg, reason, outageMs }) => ({ level, msg, reason, outageMs }))).toEqual([
      { level: 40, msg: 'payments sweep: database unavailable; will retry quietly until it answers', reason: 'ECONNREFUSED', outageMs: undefined },
      { level: 30, msg: 'payments sweep: database reachable again', reason: undefined, outageMs: 300_000 },
      { level: 50, msg: 'payments sweep failed', reason: undefined, outageMs: undefined },
      { level: 50, msg: 'payments sweep failed', reason: undefined, outageMs: undefined },
    ]);
  });
});
