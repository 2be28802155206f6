import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unitOfWork } from '../../lib/unit-of-work.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createRolesRepository } from '../auth/auth.service.ts';
import { createCounsellorsRepository } from './counsellors.repository.ts';
import { counsellorRoutes } from './counsellors.routes.ts';
import type { CounsellorsDeps, Ratings } from './counsellors.service.ts';
import { createPhotoStore, PHOTO_URL_PREFIX } from './photos.ts';

declare module 'fastify' {
  interface FastifyInstance {
    counsellors: CounsellorsDeps;
  }
}

/** Until reviews exist every counsellor shows no rating; the reviews feature replaces this. */
const noRatings: Ratings = async () => new Map();

/** The counsellors module: its repositories over one unit of work and its photo store (created once), the photos, and its routes. */
export const counsellorsPlugin = fp(async (app: FastifyInstance) => {
  const photos = createPhotoStore(app.database.db, app.config.DATA_FOLDER);
  const { config } = app;
  const uow = unitOfWork(app.database.db, (db) => ({ counsellors: createCounsellorsRepository(db), roles: createRolesRepository(db) }));
  app.decorate('counsellors', {
    uow,
    repo: uow.store.counsellors,
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
  // Photos an older version wrote to files join the table (every instance serves them from there).
  const adopted = await photos.adoptFiles();
  if (adopted) app.log.info({ adopted }, 'counsellor photo files copied into the database');
  // Each upload gets a new random key, so a photo URL never changes content: cached for a year.
  app.get(`${PHOTO_URL_PREFIX}:file`, { schema: { hide: true } }, async (request, reply) => {
    const photo = await photos.read((request.params as { file: string }).file);
    if (!photo) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(photo.contentType).send(photo.bytes);
  });
  await registerApiRoutes(app, counsellorRoutes);
});
