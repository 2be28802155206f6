import type { ErrorBody } from '@rankwise/contract/errors';
import { DIRECTION_OVERRIDE_MESSAGE, DIRECTION_OVERRIDES } from '@rankwise/contract/text';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { databaseUnavailableReason, pgErrorCode, UNIQUE_VIOLATION } from '../lib/pg-error.ts';
import { installPlainValidationMessages } from '../lib/validation-messages.ts';

export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred. Please refresh the page.';
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a minute.';
/** Seconds a client should wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 60;

/** One error shape for every failure: `{ message, code, fieldErrors? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  installPlainValidationMessages();
  // Text with control characters (NUL, ESC, BEL…) is refused, naming the field: PostgreSQL cannot
  // store NUL, and none of them belongs in a name, a message or an id. Checked on the validated
  // input, so a schema's own message for a field (and every other field's error) comes first.
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = controlCharacterField(value, part);
      if (field !== undefined) {
        throw new AppError('VALIDATION_FAILED', `${field}: ${CONTROL_CHARACTER_MESSAGE}`, { [field]: [CONTROL_CHARACTER_MESSAGE] });
      }
      // Unicode direction overrides in any user text (issue 24, docs/decisions 0026): the rule lives in the contract.
      const reversed = controlCharacterField(value, part, 0, DIRECTION_OVERRIDES);
      if (reversed !== undefined) {
        throw new AppError('VALIDATION_FAILED', `${reversed}: ${DIRECTION_OVERRIDE_MESSAGE}`, { [reversed]: [DIRECTION_OVERRIDE_MESSAGE] });
      }
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);

    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(error.statusCode, { message: error.message, code: error.code, fieldErrors: error.fieldErrors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath ?? '', error.validationContext);
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const message = Object.entries(fieldErrors)
        .map(([field, messages]) => (WHOLE_PART[field] ? `${WHOLE_PART[field]} ${messages[0]}.` : `${field}: ${messages[0]}`))
        .join('; ');
      return send(400, { message, code: 'VALIDATION_FAILED', fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return send(500, { message: GENERIC_ERROR_MESSAGE, code: 'INTERNAL' });
    }
    // Input the validator let through but the database refuses: the client's to fix, never a 500.
    const dbCode = pgErrorCode(error);
    if (dbCode === UNIQUE_VIOLATION) {
      request.log.info({ dbCode }, 'unique violation answered 409');
      return send(409, { message: 'This has already been saved (perhaps by another tab or a repeated click). Refresh the page to see it.', code: 'CONFLICT' });
    }
    if (dbCode && INPUT_DATA_ERRORS.has(dbCode)) {
      request.log.info({ dbCode }, 'data error answered 400');
      return send(400, {
        message: 'A value in the request is too long, out of range or in a form that cannot be stored. Check what you entered.',
        code: 'BAD_REQUEST',
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(429, { message: error.message || 'Too many requests. Please try again later.', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      return send(status, { message: clientMessage(error), code: clientCode(status) });
    }
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      // Down, restarting or frozen: not the student's doing, and not for them to refresh away (docs/decisions/0017).
      request.log.warn({ reason: unavailable }, 'database unavailable (or another dependency unreachable): answered 503');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(503, { message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    // The browser went away (a navigation, a closed tab) while a compressed answer was under way: nothing went wrong here.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.info({ err: error }, 'the client closed the connection before the answer was sent');
    else request.log.error({ err: error }, 'unhandled error');
    return send(500, { message: GENERIC_ERROR_MESSAGE, code: 'INTERNAL' });
  });
});

const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters (such as NUL or escape characters); remove them';
// Tab, line feed and carriage return are ordinary text in a message.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The first field (dotted path) whose text or key holds a control character, or undefined. */
export function controlCharacterField(value: unknown, path: string, depth = 0, pattern: RegExp = CONTROL_CHARACTERS): string | undefined {
  if (typeof value === 'string') return pattern.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return undefined;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const childPath = path === 'body' || path === 'query' || path === 'params' ? key : `${path}.${key}`;
    if (pattern.test(key)) return childPath.replace(new RegExp(pattern.source, 'g'), '?');
    const found = controlCharacterField(child, childPath, depth + 1, pattern);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** PostgreSQL's data errors caused by a value sent (bad text, too long, out of range, bad date, too large a row). */
const INPUT_DATA_ERRORS = new Set(['22P02', '22P05', '22001', '22003', '22007', '22008', '22021', '2200G', '22023', '22025', '54000', '54001']);

/** When the validation error is about the whole body or query rather than a field. */
const WHOLE_PART: Record<string, string> = { body: 'The request body', querystring: 'The query', params: 'The address' };

function fieldName(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field || context || 'body';
}

/** Fastify's router errors (a malformed or overlong address), answered in the one error shape. */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ message: clientMessage(error), code: clientCode(status) } satisfies ErrorBody);
}

/** The error code of a framework 4xx: its own where the contract has one (413 PAYLOAD_TOO_LARGE, 415, 404). */
export function clientCode(status: number): string {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  return 'BAD_REQUEST';
}

/** Fastify's own 4xx texts, made readable for a person. */
export function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body must be valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid: check the link.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long: check the link.';
    default:
      return error.message;
  }
}
