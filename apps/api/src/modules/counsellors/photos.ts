import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@rankwise/contract/counsellors';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** Square WebP variants kept for each photo; the card shows 320 (640 on dense screens). */
export const PHOTO_SIZES = [160, 320, 640] as const;
const SHARP_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export type PhotoStore = ReturnType<typeof createPhotoStore>;

/** Counsellor photos under DATA_FOLDER/counsellor-photos: checked by content, re-encoded (no EXIF, no location), resized. */
export function createPhotoStore(dataFolder: string) {
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
      await mkdir(dir, { recursive: true });
      for (const size of PHOTO_SIZES) {
        const out = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(size, size, { fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer();
        await writeFile(path.join(dir, `${key}-${size}.webp`), out);
      }
      return key;
    },
    async remove(key: string): Promise<void> {
      await Promise.all(PHOTO_SIZES.map((s) => rm(path.join(dir, `${key}-${s}.webp`), { force: true })));
    },
    dir,
  };
}

export const PHOTO_URL_PREFIX = '/media/counsellors/';

/** The public URL of a photo's variant (served by photo-files.ts; the key is new for every upload, so it never changes). */
export function photoUrl(key: string | null, size: (typeof PHOTO_SIZES)[number] = 320): string | null {
  return key ? `${PHOTO_URL_PREFIX}${key}-${size}.webp` : null;
}
