// Every failure becomes `{error, code, fields?, position?}` with the status of
// docs/architecture.md §4. Client mistakes are 4xx with a generic message; a database that is down
// is 503; anything else is a logged 500 whose details never leave the server.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, isDatabaseDown } from '../../lib/errors.js';

const CLIENT_CODES: Record<number, [string, string]> = {
  400: ['bad_request', 'Invalid request'],
  401: ['not_authenticated', 'Not signed in'],
  403: ['forbidden', 'Forbidden'],
  404: ['not_found', 'Not found'],
  405: ['method_not_allowed', 'Method not allowed'],
  406: ['not_acceptable', 'Not acceptable'],
  411: ['length_required', 'Length required'],
  413: ['payload_too_large', 'Request body is too large'],
  415: ['unsupported_media_type', 'Only application/json bodies are accepted'],
  429: ['rate_limited', 'Too many requests'],
};

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldsOf(items: ValidationItem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of items) {
    const extra = item.params?.additionalProperty ?? item.params?.missingProperty;
    const path = [item.instancePath?.replace(/^\//, '').replace(/\//g, '.'), extra]
      .filter((part) => typeof part === 'string' && part !== '')
      .join('.');
    const key = path === '' ? '_' : path;
    if (fields[key]) continue;
    fields[key] = item.params?.additionalProperty
      ? 'Unknown field'
      : item.params?.missingProperty
        ? 'This field is required'
        : (item.message ?? 'Invalid value');
  }
  return fields;
}

export function sendError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) {
    if (error.statusCode >= 500 || error.reason) {
      request.log.warn({ code: error.code, reason: error.reason }, error.message);
    }
    return reply.code(error.statusCode).send({
      error: error.message,
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.position !== undefined ? { position: error.position } : {}),
    });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return reply.code(400).send({
      error: 'Some fields are invalid',
      code: 'invalid_input',
      fields: fieldsOf(fastifyError.validation as ValidationItem[]),
    });
  }
  if (isDatabaseDown(error)) {
    request.log.error({ code: fastifyError.code }, 'database unavailable');
    return reply.code(503).send({
      error: 'The database is unavailable, try again shortly',
      code: 'database_unavailable',
    });
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const [code, message] = CLIENT_CODES[status] ?? ['bad_request', 'Invalid request'];
    const invalidJson = status === 400 && /JSON|Unexpected|token/i.test(error.message);
    return reply
      .code(status)
      .send(
        invalidJson
          ? { error: 'Body is not valid JSON', code: 'invalid_json' }
          : { error: message, code },
      );
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ error: 'Something went wrong', code: 'internal_error' });
}

async function errors(app: FastifyInstance) {
  app.setErrorHandler(sendError);
  // Rate-limited so scanning for routes costs the scanner, not us.
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: 60_000 }) },
    (_request, reply) => reply.code(404).send({ error: 'Not found', code: 'not_found' }),
  );
}

export default fp(errors, { name: 'errors', dependencies: ['rate-limit'] });
