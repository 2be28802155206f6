import { counsellorEndpoints } from '@rankwise/contract/counsellors';
import { ID_CARD_MAX_BYTES, PHOTO_MAX_BYTES } from '@rankwise/contract/counsellors';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as counsellors from './counsellors.service.ts';

/** Spec §2 Counsellors, §7 `POST /counselor/all`; applying, own profile and hours, admin review. */
export async function counsellorRoutes(app: FastifyInstance) {
  const d = app.counsellors;
  const e = counsellorEndpoints;
  const rateLimit = { max: 20 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute', per: 'user' } as const;
  route(app, e.list, ({ body }) => counsellors.listCounsellors(d, body.instituteName || undefined));
  route(app, e.colleges, () => counsellors.listColleges(d));
  route(app, e.apply, ({ user, body }) => counsellors.apply(d, user.id, body), { rateLimit });
  route(app, e.me, ({ user }) => counsellors.ownProfile(d, user.id));
  route(app, e.updateMe, ({ user, body }) => counsellors.updateOwnProfile(d, user.id, body), { rateLimit });
  // The photo is the raw request body; any content type reaches the service, which checks the bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES + 1024 * 1024 }, (_req, body, done) => done(null, body));
    route(
      scope,
      e.uploadPhoto,
      ({ user, request }) =>
        counsellors.uploadOwnPhoto(d, user.id, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.headers['content-type']),
      { rateLimit: { max: 10 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute', per: 'user' } },
    );
  });
  route(app, e.applications, ({ query }) => counsellors.listApplications(d, query.status));
  route(app, e.review, ({ user, params, body }) => counsellors.reviewApplication(d, user.id, params.id, body.decision, body.note));
  route(app, e.myRoles, ({ user }) => counsellors.myRoles(d, user.id));
  // Proof of enrolment (docs/decisions 0026).
  route(app, e.proofStatus, ({ user }) => counsellors.proofStatus(d, user.id));
  route(app, e.startEmailProof, ({ user, body }) => counsellors.startEmailProof(d, user.id, body), {
    rateLimit: { max: 5 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '10 minutes', per: 'user' },
  });
  route(app, e.confirmEmailProof, ({ user, body }) => counsellors.confirmEmailProof(d, user.id, body), { rateLimit });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ID_CARD_MAX_BYTES + 1024 * 1024 }, (_req, body, done) => done(null, body));
    route(
      scope,
      e.uploadIdCard,
      ({ user, request }) =>
        counsellors.uploadIdCard(d, user.id, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.headers['content-type']),
      { rateLimit: { max: 10 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute', per: 'user' } },
    );
  });
  route(app, e.applicationIdCard, ({ params }) => counsellors.applicationIdCard(d, params.id));
  // Reviewed profile edits.
  route(app, e.profileChanges, () => counsellors.listProfileChanges(d));
  route(app, e.reviewProfileChange, ({ params, body }) => counsellors.reviewProfileChange(d, params.id, body.decision, body.note));
  // A college with no counsellor yet.
  route(app, e.similar, ({ body }) => counsellors.similarCounsellors(d, body.instituteName || undefined));
  route(app, e.watch, ({ user, body }) => counsellors.watchCollege(d, user?.id ?? null, body), {
    rateLimit: { max: 10 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '10 minutes' },
  });
  route(app, e.stopWatch, ({ body }) => counsellors.stopWatching(d, body.token), {
    rateLimit: { max: 30 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute' },
  });
}
