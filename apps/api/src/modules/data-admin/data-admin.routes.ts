import { dataAdminEndpoints, ROUND_FILE_MAX_BYTES } from '@rankwise/contract/data-admin';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { addedRounds, addRound } from './data-admin.service.ts';

/** /admin/data: rounds added by operators (issue 22 item 5). */
export async function dataAdminRoutes(app: FastifyInstance) {
  const deps = app.dataAdmin;
  route(app, dataAdminEndpoints.addedRounds, async () => addedRounds(deps));
  // The round file is the raw request body (text/csv or any type; the check reads the bytes).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ROUND_FILE_MAX_BYTES }, (_req, body, done) => done(null, body));
    route(scope, dataAdminEndpoints.addRound, ({ user, query, request }) =>
      addRound(deps, user, query, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)),
    );
  });
}
