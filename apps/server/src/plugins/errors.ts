import { isErrorCode, type ErrorCode, type ErrorResponse } from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, byteSize, localizedParams, type ErrorParams } from '../lib/app-error.js';
import { requestLanguage } from './language.js';
import { setSecurityHeaders, type SecurityHeaderOptions } from './security-headers.js';

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const language = requestLanguage(request);
  const body: ErrorResponse = {
    errors: [translate(language, `errors:${error.code}`, localizedParams(language, error.params))],
    code: error.code,
  };
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/** Turns every thrown error into an AppError; anything unknown becomes a 500 UNEXPECTED. */
export function toAppError(error: FastifyError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation[0]?.message;
    return new AppError(isErrorCode(message) ? message : 'VALIDATION_FAILED');
  }
  return fromFrameworkError(error as FastifyError);
}

const FRAMEWORK_CODES: Record<string, [ErrorCode, number?, ErrorParams?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['REQUEST_TOO_LARGE'],
  FST_REQ_FILE_TOO_LARGE: ['FILE_TOO_LARGE', 413, { max: byteSize(5 * 1024 * 1024) }],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['FILE_REQUIRED'],
  FST_FILES_LIMIT: ['VALIDATION_FAILED', 400],
  FST_PARTS_LIMIT: ['VALIDATION_FAILED', 400],
};

function fromFrameworkError(error: FastifyError): AppError | undefined {
  const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
  if (known) return new AppError(known[0], known[1], known[2]);
  const status = error.statusCode ?? 500;
  if (status === 404) return new AppError('NOT_FOUND');
  if (status === 413) return new AppError('REQUEST_TOO_LARGE');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  // Other client errors (malformed JSON, bad headers…): their own status, a generic message.
  if (status >= 400 && status < 500) return new AppError('VALIDATION_FAILED', status);
  return undefined;
}

/** Every failure answers `{ errors: [localized], code }`; stacks are logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError) return sendError(request, reply, appError);
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, new AppError('UNEXPECTED'));
  });
}

/**
 * Fastify's `frameworkErrors` option: the router answers a malformed (`/api/tasks/%zz`) or over-long
 * path parameter itself, before any hook runs, in its own shape. Both name nothing that exists: a
 * 404 in the error shape, with the security headers the onSend hook would have set.
 */
export function frameworkErrorHandler(options: SecurityHeaderOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const isBadPath = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    if (!isBadPath) request.log.error({ err: error }, 'unexpected framework error');
    const appError = new AppError(isBadPath ? 'NOT_FOUND' : 'UNEXPECTED');
    reply.code(appError.status).type('application/json; charset=utf-8');
    setSecurityHeaders(request, reply, options);
    void sendError(request, reply, appError);
  };
}
