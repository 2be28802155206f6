import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhotoStore } from '../src/modules/counsellors/photos.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/** Issue 27 item 4: photos written as files by an older version join the table at start, once. */
describe('counsellor photo files from before the table', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => db?.drop());

  it('are copied into the database once and served from it; other files are left alone', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rankwise-photos-'));
    mkdirSync(path.join(folder, 'counsellor-photos'));
    const key = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const webp = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    writeFileSync(path.join(folder, 'counsellor-photos', `${key}-320.webp`), webp);
    writeFileSync(path.join(folder, 'counsellor-photos', 'notes.txt'), 'not a photo');
    const store = createPhotoStore(db.database.db, folder);
    expect(await store.read(`${key}-320.webp`)).toBeNull();
    expect(await store.adoptFiles()).toBe(1);
    expect(await store.adoptFiles()).toBe(0);
    const served = await store.read(`${key}-320.webp`);
    expect(served?.contentType).toBe('image/webp');
    expect(Buffer.compare(served!.bytes, webp)).toBe(0);
    expect(await store.read('notes.txt')).toBeNull();
    await store.remove(key);
    expect(await store.read(`${key}-320.webp`)).toBeNull();
  });
});
