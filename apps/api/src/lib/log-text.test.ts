import { describe, expect, it } from 'vitest';
import { createTextLog } from './log-text.ts';

const line = (o: Record<string, unknown>) => `${JSON.stringify({ level: 30, time: 1, pid: 1, hostname: 'h', ...o })}\n`;

describe('the terminal log', () => {
  it('turns a request into one line with method, path, status and time', () => {
    const text = createTextLog();
    expect(text(line({ reqId: 'req-1', req: { method: 'GET', url: '/api/v1/health', remoteAddress: '127.0.0.1' }, msg: 'incoming request' }))).toBeNull();
    expect(text(line({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 1.234, msg: 'request completed' }))).toBe('GET /api/v1/health 200 1.2 ms\n');
  });

  it('prints messages plainly, labels warnings and errors, and leaves out Fastify’s listening lines', () => {
    const text = createTextLog();
    expect(text(line({ msg: 'data imported in 20.1 s: engineering (5,33,123 rows, 12.0 s)' }))).toBe(
      'data imported in 20.1 s: engineering (5,33,123 rows, 12.0 s)\n',
    );
    expect(text(line({ level: 40, msg: 'Payments: no CASHFREE_CLIENT_ID' }))).toBe('warning: Payments: no CASHFREE_CLIENT_ID\n');
    expect(text(line({ level: 50, msg: 'request failed', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' } }))).toBe(
      'error: request failed: boom\nError: boom\n    at x\n',
    );
    expect(text(line({ msg: 'Server listening at http://127.0.0.1:3000' }))).toBeNull();
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(createTextLog()('plain words\n')).toBe('plain words\n');
  });
});
