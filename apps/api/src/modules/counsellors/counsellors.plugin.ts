import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCounsellorsRepository } from './counsellors.repository.ts';
import type { CounsellorsDeps, Ratings } from './counsellors.service.ts';
import { createPhotoStore, PHOTO_URL_PREFIX } from './photos.ts';

declare module 'fastify' {
  interface FastifyInstance {
    counsellors: CounsellorsDeps;
  }
}

/** Until reviews exist every counsellor shows no rating; the reviews feature replaces this. */
const noRatings: Ratings = async () => new Map();

/** The counsellors module: its repository and photo store (created once), and the photo files. */
export const counsellorsPlugin = fp(async (app: FastifyInstance) => {
  const photos = createPhotoStore(app.config.DATA_FOLDER);
  const { config } = app;
  app.decorate('counsellors', {
    db: app.database.db,
    repo: createCounsellorsRepository(app.database.db),
    photos,
    ratings: noRatings,
    log: app.log,
    jobs: app.jobs,
    settings: {
      publicUrl: config.PUBLIC_URL,
      productName: config.PRODUCT_NAME,
      supportEmail: config.SUPPORT_EMAIL,
      commissionPercent: config.COUNSELLOR_COMMISSION_PERCENT,
    },
    codeSecret: `student-email-code:${config.JWT_SECRET}`,
    now: () => app.clock.now(),
  });
  mkdirSync(photos.dir, { recursive: true });
  // Each upload gets a new random key, so a photo URL never changes content: cached for a year.
  await app.register(fastifyStatic, {
    root: photos.dir,
    prefix: PHOTO_URL_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });
});
