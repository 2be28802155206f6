import { successStatus, type Endpoint, type ResponseOf } from '@rankwise/contract/endpoint';
import { errorResponses } from '@rankwise/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { optionalUser, requireUser, type AuthUser } from './request-user.ts';
import { AppError } from './app-error.ts';
import { JsonText } from './json-text.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type UserOf<A> = A extends 'public' ? null : A extends 'optional' ? AuthUser | null : AuthUser;

/** What a handler receives: the validated request parts and the caller, typed by the endpoint's declaration. */
export type RouteContext<E extends Endpoint> = {
  body: Out<E['body']>;
  query: Out<E['query']>;
  params: Out<E['params']>;
  user: UserOf<E['access']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RouteOptions = {
  /**
   * Per client address (see plugins/security.ts), or with `per: 'user'` per signed-in account (per
   * address for a caller without one): the students of one hostel or campus share an address.
   */
  rateLimit?: { max: number; timeWindow: string | number; per?: 'address' | 'user' };
  /**
   * The success answer is built by the service in the response schema's exact shape (its keys in
   * the schema's order, nothing more): it is sent with JSON.stringify instead of being parsed by zod
   * again first, which for the predictors' pages of results cost more than computing them
   * (docs/decisions/0018; predictor-read-model.integration.test.ts checks the bytes are the same).
   * Other statuses and the OpenAPI document still use the schemas.
   */
  trustedAnswer?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from (every /api/v1 route has one). */
    endpointId?: string;
  }
}

export const FORBIDDEN_MESSAGE = 'You do not have access to this page.';

/**
 * Registers a route from its contract declaration: method, path, schemas (validation,
 * serialization and OpenAPI) and access. The handler calls one service function and returns its
 * answer (or the answer already written as JSON, a JsonText), which is sent with the endpoint's
 * success status unless the handler set another.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (ctx: RouteContext<E>) => Promise<ResponseOf<E> | JsonText<ResponseOf<E>>>,
  opts: RouteOptions = {},
): void {
  const status = successStatus(e);
  app.route({
    method: e.method,
    url: e.path.replace(/\{(\w+)\}/g, ':$1'),
    config: { endpointId: e.id, ...(opts.rateLimit ? { rateLimit: rateLimitConfig(opts.rateLimit) } : {}) },
    ...(opts.trustedAnswer ? { serializerCompiler: trustedSerializer(status) } : {}),
    schema: {
      tags: [e.tag],
      summary: e.summary,
      operationId: e.id,
      ...(e.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(e.body ? { body: e.body } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.params ? { params: e.params } : {}),
      response: { ...errorResponses, ...e.responses },
    },
    handler: async (request, reply) => {
      const user = await callerOf(app, e, request);
      const answer = await handler({
        body: request.body as Out<E['body']>,
        query: request.query as Out<E['query']>,
        params: request.params as Out<E['params']>,
        user: user as UserOf<E['access']>,
        request,
        reply,
      });
      if (reply.sent) return reply;
      if (reply.statusCode === 200) (reply as FastifyReply).status(status);
      // Already JSON (lib/json-text.ts): sent as it is, with the header Fastify gives serialized JSON.
      if (answer instanceof JsonText) return reply.type('application/json; charset=utf-8').send(answer.text);
      return answer;
    },
  });
}

/** JSON.stringify for the success status (RouteOptions.trustedAnswer); zod for every other. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the compiler serves any route schema
function trustedSerializer(status: number): FastifySerializerCompiler<any> {
  return (route) => (route.httpStatus === String(status) ? (data: unknown) => JSON.stringify(data) : serializerCompiler(route as never));
}

function rateLimitConfig({ per, ...limit }: NonNullable<RouteOptions['rateLimit']>) {
  // The bearer token is read (plugins/auth.ts) before a route's own hooks run, so the account is known here.
  return per === 'user' ? { ...limit, keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : request.ip) } : limit;
}

async function callerOf(app: FastifyInstance, e: Endpoint, request: FastifyRequest): Promise<AuthUser | null> {
  const access = e.access;
  if (access === 'public') return null;
  if (access === 'optional') return optionalUser(request);
  const user = requireUser(request);
  if (access !== 'user' && !(await app.roles.hasRole(user.id, access.role))) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  return user;
}
