import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { controlCharacterField, errorsPlugin, frameworkError } from './errors.ts';

describe('the error handler', () => {
  const app = Fastify({ frameworkErrors: frameworkError }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    const dbError = (code: string) =>
      Object.assign(new Error('Failed query: insert … params: secret@example.in'), { cause: Object.assign(new Error('db'), { code }) });
    app.post('/unique', async () => Promise.reject(dbError('23505')));
    app.post('/data/:code', async (req) => Promise.reject(dbError((req.params as { code: string }).code)));
    app.post('/other', async () => Promise.reject(dbError('42P01')));
    app.post(
      '/typed',
      { schema: { body: z.object({ page: z.number().int().min(1), name: z.string().max(5), flag: z.union([z.boolean(), z.enum(['yes', 'no'])]) }) } },
      async () => ({ ok: true }),
    );
    app.get('/by/:id', { schema: { params: z.object({ id: z.string() }) } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a unique violation 409 and data errors 400, each in plain words, and anything else 500', async () => {
    const unique = await app.inject({ method: 'POST', url: '/unique' });
    expect(unique.statusCode).toBe(409);
    expect(unique.json().code).toBe('CONFLICT');
    for (const code of ['22P02', '22001', '22003', '22007', '22008', '22021', '54000']) {
      const res = await app.inject({ method: 'POST', url: `/data/${code}` });
      expect([code, res.statusCode, res.json().code]).toEqual([code, 400, 'BAD_REQUEST']);
      expect(res.json().message).not.toMatch(/params|secret/);
    }
    expect((await app.inject({ method: 'POST', url: '/other' })).statusCode).toBe(500);
  });

  it('says what to fix instead of the validator’s raw text', async () => {
    const cases: [unknown, string][] = [
      [{ page: 'x', name: 'a', flag: true }, 'page: must be a number'],
      [{ page: 1.5, name: 'a', flag: true }, 'page: must be a whole number'],
      [{ page: 1e308, name: 'a', flag: true }, 'page: is too large'],
      [{ page: 0, name: 'a', flag: true }, 'page: must be at least 1'],
      [{ page: 1, name: 'abcdefg', flag: true }, 'name: must be at most 5 characters'],
      [{ page: 1, flag: true }, 'name: is required'],
      [{ page: 1, name: 'a', flag: 'maybe' }, "flag: must be true or false, or must be one of 'yes', 'no'"],
      [[1], 'The request body must be a JSON object.'],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/typed', payload: payload as object });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });

  it('refuses control characters in any field with a 400 naming it, and keeps tabs and new lines', async () => {
    const res = await app.inject({ method: 'POST', url: '/typed', payload: { page: 1, name: 'a\u0000', flag: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^name: must not contain control characters/);
    expect(res.json().fieldErrors).toHaveProperty('name');
    expect(controlCharacterField({ a: [{ b: 'ok\tline\r\nnext' }] }, 'body')).toBeUndefined();
    expect(controlCharacterField({ a: [{ b: 'x\u001b[31m' }] }, 'body')).toBe('a.0.b');
    expect(controlCharacterField({ 'k\u0000': 1 }, 'body')).toBe('k?');
    expect(controlCharacterField({ q: 'a\u007f' }, 'query')).toBe('q');
    const path = await app.inject({ method: 'GET', url: '/by/a%00b' });
    expect([path.statusCode, path.json().message]).toEqual([400, 'id: must not contain control characters (such as NUL or escape characters); remove them']);
  });

  it('answers malformed and overlong addresses in the one error shape without echoing them', async () => {
    const bad = await app.inject({ method: 'GET', url: '/by/%ZZ' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'The address is not valid: check the link.', code: 'BAD_REQUEST' }]);
    const long = await app.inject({ method: 'GET', url: `/by/${'x'.repeat(500)}` });
    expect([long.statusCode, long.json()]).toEqual([414, { message: 'The address is too long: check the link.', code: 'BAD_REQUEST' }]);
  });
});
