import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x:25' })).toThrow(/JWT_SECRET/);
  });
  it('links e-mails to the port the server listens on unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4123' }).PUBLIC_URL).toBe('http://localhost:4123');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4123', PUBLIC_URL: 'https://rankwise.in' }).PUBLIC_URL).toBe('https://rankwise.in');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4123', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:4123');
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
  it('limits statements and connections, and prefixes Redis keys, by default', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect([c.DATABASE_STATEMENT_TIMEOUT_MS, c.DATABASE_CONNECT_TIMEOUT_MS, c.REDIS_PREFIX]).toEqual([10_000, 5_000, 'rankwise:']);
    expect(loadConfig({ NODE_ENV: 'test', REDIS_PREFIX: 'other-product:' }).REDIS_PREFIX).toBe('other-product:');
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
  it('picks PGlite without DATABASE_URL and PostgreSQL with it', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).databaseKind).toBe('pglite');
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://u@localhost/db' }).databaseKind).toBe('postgres');
  });
  it('trusts a hop count or named proxies, never every proxy', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    for (const everything of ['true', 'TRUE', 'yes', '*']) {
      expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: everything })).toThrow(/TRUST_PROXY: trusting every proxy/);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: not a hop count/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'proxy.example' })).toThrow(/proxy\.example/);
  });
});
