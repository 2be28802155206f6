import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@rankwise/contract/counsellors';
import sharp, { type Metadata } from 'sharp';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { counsellorPhotos } from '../../db/schema/counsellors.ts';
import { AppError } from '../../lib/app-error.ts';

/** Square WebP variants kept for each photo; the card shows 320 (640 on dense screens). */
export const PHOTO_SIZES = [160, 320, 640] as const;
const SHARP_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export type PhotoStore = ReturnType<typeof createPhotoStore>;

/** `<32 hex>-<size>.webp`, the file part of a photo URL. */
const PHOTO_FILE = /^([0-9a-f]{32})-(\d+)\.webp$/;

/**
 * Counsellor photos, checked by content, re-encoded (no EXIF, no location), resized, and kept in
 * the database (table counsellor_photos), so every instance behind the proxy serves every photo
 * (issue 27 item 4). Photos an older version wrote under DATA_FOLDER/counsellor-photos are copied
 * in at start (`adoptFiles`).
 */
export function createPhotoStore(db: Db, dataFolder: string) {
  const dir = path.join(dataFolder, 'counsellor-photos');
  return {
    /** Validates and stores an upload; returns the new photo key. */
    async store(bytes: Buffer, declaredType: string | undefined): Promise<string> {
      const type = (declaredType ?? '').split(';')[0].trim().toLowerCase();
      if (!(PHOTO_TYPES as readonly string[]).includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The photo must be a JPEG, PNG or WebP image.');
      if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The photo is empty.');
      if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The photo must be at most 5 MB.');
      let meta: Metadata;
      try {
        meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
      } catch {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a readable JPEG, PNG or WebP image.');
      }
      // What the bytes are, not what the browser said they are.
      if (!meta.format || !SHARP_FORMATS[meta.format]) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The photo must be a JPEG, PNG or WebP image.');
      if ((meta.width ?? 0) < 100 || (meta.height ?? 0) < 100) throw new AppError('BAD_REQUEST', 'The photo must be at least 100 × 100 pixels.');
      const key = randomBytes(16).toString('hex');
      const rows = [];
      for (const size of PHOTO_SIZES) {
        const out = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(size, size, { fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer();
        rows.push({ key, size, contentType: 'image/webp', bytes: out });
      }
      await db.insert(counsellorPhotos).values(rows);
      return key;
    },
    async remove(key: string): Promise<void> {
      await db.delete(counsellorPhotos).where(eq(counsellorPhotos.key, key));
    },
    /** The bytes behind a photo URL's file part, or null (unknown, or not a photo name). */
    async read(file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      const m = PHOTO_FILE.exec(file);
      if (!m) return null;
      const rows = await db
        .select({ bytes: counsellorPhotos.bytes, contentType: counsellorPhotos.contentType })
        .from(counsellorPhotos)
        .where(and(eq(counsellorPhotos.key, m[1]), eq(counsellorPhotos.size, Number(m[2]))))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Copies photo files an older version kept under DATA_FOLDER into the table (idempotent); how many. */
    async adoptFiles(): Promise<number> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return 0;
      }
      let adopted = 0;
      for (const name of names) {
        const m = PHOTO_FILE.exec(name);
        if (!m) continue;
        const bytes = await readFile(path.join(dir, name));
        const inserted = await db
          .insert(counsellorPhotos)
          .values({ key: m[1], size: Number(m[2]), contentType: 'image/webp', bytes })
          .onConflictDoNothing()
          .returning({ key: counsellorPhotos.key });
        adopted += inserted.length;
      }
      return adopted;
    },
  };
}

export const PHOTO_URL_PREFIX = '/media/counsellors/';

/** The public URL of a photo's variant (served by counsellors.plugin.ts from the database; the key is new for every upload, so it never changes). */
export function photoUrl(key: string | null, size: (typeof PHOTO_SIZES)[number] = 320): string | null {
  return key ? `${PHOTO_URL_PREFIX}${key}-${size}.webp` : null;
}
