import { successStatus, type Endpoint, type ResponseOf } from '@rankwise/contract/endpoint';
import { errorResponses } from '@rankwise/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { optionalUser, requireUser, type AuthUser } from '../plugins/auth.ts';
import { AppError } from './app-error.ts';

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
 * answer, which is sent with the endpoint's success status unless the handler set another.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (ctx: RouteContext<E>) => Promise<ResponseOf<E>>,
  opts: RouteOptions = {},
): void {
  const status = successStatus(e);
  app.route({
    method: e.method,
    url: e.path.replace(/\{(\w+)\}/g, ':$1'),
    config: { endpointId: e.id, ...(opts.rateLimit ? { rateLimit: rateLimitConfig(opts.rateLimit) } : {}) },
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
      return answer;
    },
  });
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
