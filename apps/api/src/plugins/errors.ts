import type { ErrorBody } from '@rankwise/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred. Please refresh the page.';

/** One error shape for every failure: `{ message, code, fieldErrors? }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
        .map(([field, messages]) => `${field}: ${messages[0]}`)
        .join('; ');
      return send(400, { message, code: 'VALIDATION_FAILED', fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return send(500, { message: GENERIC_ERROR_MESSAGE, code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(429, { message: error.message || 'Too many requests. Please try again later.', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      return send(status, { message: clientMessage(error), code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST' });
    }
    // The browser went away (a navigation, a closed tab) while a compressed answer was under way: nothing went wrong here.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.info({ err: error }, 'the client closed the connection before the answer was sent');
    else request.log.error({ err: error }, 'unhandled error');
    return send(500, { message: GENERIC_ERROR_MESSAGE, code: 'INTERNAL' });
  });
});

function fieldName(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field || context || 'body';
}

/** Fastify's own 4xx texts, made readable for a person. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body must be valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    default:
      return error.message;
  }
}
