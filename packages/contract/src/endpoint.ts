import type { z } from 'zod';

/** Roles are kept in the database; an endpoint may require one. */
export const roles = ['admin', 'counsellor'] as const;
export type Role = (typeof roles)[number];

/**
 * Who may call an endpoint:
 * - `public`: anyone; the access token is not read;
 * - `optional`: anyone, and the handler sees the signed-in user when there is one;
 * - `user`: a signed-in user;
 * - `{ role }`: a signed-in user holding that role.
 */
export type Access = 'public' | 'optional' | 'user' | { role: Role };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointSpec = {
  method: HttpMethod;
  /** Under `/api/v1`; path parameters written `{name}`. */
  path: string;
  summary: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /**
   * The answer per status: one 2xx (the success) and any status whose body is not the error shape.
   * Every endpoint also answers the standard errors of `errors.ts` (`{ message, code, fieldErrors? }`).
   */
  responses: { [status: number]: z.ZodType };
};

/** An endpoint as declared: its spec, plus the feature tag and a unique id (`tag.name`). */
export type Endpoint = EndpointSpec & { id: string; tag: string };

/**
 * Declares a feature's endpoints once; the API registers its routes from these and the web client
 * calls them, so method, path and types cannot drift apart.
 */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(tag: string, specs: T): { [K in keyof T]: T[K] & { id: string; tag: string } } {
  const out: Record<string, Endpoint> = {};
  for (const [name, spec] of Object.entries(specs)) out[name] = { ...spec, id: `${tag}.${name}`, tag };
  return out as { [K in keyof T]: T[K] & { id: string; tag: string } };
}

type SuccessStatus = 200 | 201 | 202 | 204;
/** The status of a successful answer. */
export type SuccessOf<E extends EndpointSpec> = Extract<keyof E['responses'], SuccessStatus>;
/** The body of a successful answer, as the client receives it. */
export type ResponseOf<E extends EndpointSpec> = z.output<E['responses'][SuccessOf<E>]>;

type Part<S, Key extends string> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };
/** What a caller sends: body, query and path parameters as the schemas accept them. */
export type RequestOf<E extends EndpointSpec> = Part<E['body'], 'body'> & Part<E['query'], 'query'> & Part<E['params'], 'params'>;

/** Fills `{name}` path parameters (URL-encoded). */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`path parameter '${name}' is required for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** The first 2xx status of an endpoint's answers. */
export function successStatus(e: EndpointSpec): number {
  const found = Object.keys(e.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b)[0];
  if (found === undefined) throw new Error(`endpoint ${e.method} ${e.path} declares no 2xx response`);
  return found;
}
