import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer } from './mail.ts';

describe('the outbox (no SMTP_URL)', () => {
  it('keeps every mail: 40 sent at once with one subject are 40 files', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rankwise-outbox-'));
    const mailer = createMailer(loadConfig({ NODE_ENV: 'test', DATA_FOLDER: folder, IMPORT_ON_START: 'false' }), pino({ level: 'silent' }) as never);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        mailer.send({ to: `s${i}@example.in`, subject: 'Reset your Rankwise password', text: `link ${i}`, messageId: `<job-${i}@rankwise.test>` }),
      ),
    );
    const files = readdirSync(path.join(folder, 'outbox'));
    expect(files).toHaveLength(40);
    const bodies = files.map((f) => readFileSync(path.join(folder, 'outbox', f), 'utf8'));
    expect(new Set(bodies.map((b) => /link (\d+)/.exec(b)![1])).size).toBe(40);
    expect(bodies.every((b) => /^Message-ID: <job-\d+@rankwise\.test>$/m.test(b))).toBe(true);
  });
});
