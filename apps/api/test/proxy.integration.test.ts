import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

// Issue 14 item 2: a client must not choose its own address with X-Forwarded-For and so escape the
// per-address limits. The contact form allows 5 messages an address; the 7th must be refused
// however the client fills the header.
const body = { name: 'Spoofer', email: 's@example.in', phone: '9876543210', message: 'Trying to get past the limit' };

async function floodCodes(t: TestApp, header: (i: number) => string, remoteAddress: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/app/contact', payload: body, remoteAddress, headers: { 'x-forwarded-for': header(i) } });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('client addresses behind a proxy', () => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => (t = await buildTestApp('pglite')));
    afterAll(() => t.close());
    it('ignores X-Forwarded-For: a spoofed address per request gets no extra requests', async () => {
      const codes = await floodCodes(t, (i) => `198.51.100.${i}`, '203.0.113.9');
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.slice(5)).toEqual([429, 429, 429]);
    });
  });

  describe('with TRUST_PROXY=1 (one proxy in front)', () => {
    let t: TestApp;
    beforeAll(async () => (t = await buildTestApp('pglite', { env: { TRUST_PROXY: '1' } })));
    afterAll(() => t.close());
    it('believes only the address the proxy appended, not what the client wrote before it', async () => {
      // The client sends its own X-Forwarded-For; the proxy (127.0.0.1) appends the real address.
      const codes = await floodCodes(t, (i) => `198.51.100.${i}, 203.0.113.20`, '127.0.0.1');
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.slice(5)).toEqual([429, 429, 429]);
    });
    it('still tells real clients behind the proxy apart', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/app/contact',
        payload: body,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.21' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('with the proxies named by address', () => {
    let t: TestApp;
    beforeAll(async () => (t = await buildTestApp('pglite', { env: { TRUST_PROXY: '10.0.0.0/8' } })));
    afterAll(() => t.close());
    it('ignores X-Forwarded-For from a peer that is not a named proxy', async () => {
      const codes = await floodCodes(t, (i) => `198.51.100.${i}`, '203.0.113.30');
      expect(codes.slice(5)).toEqual([429, 429, 429]);
    });
    it('believes a named proxy', async () => {
      const codes = await floodCodes(t, (i) => `203.0.113.${40 + i}`, '10.1.2.3');
      expect(codes).toEqual(Array(8).fill(200));
    });
  });
});
