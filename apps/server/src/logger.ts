import type { FastifyServerOptions } from 'fastify';

/** Where log lines go (pino's DestinationStream); tests capture it. */
export interface LogStream {
  write(line: string): void;
}

/** Tokens that travel in URLs: the reset page, the reset call, the confirmation link. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset_password\/)[^/?#]+/g, '$1[REDACTED]')
    .replace(/(\/api\/users\/)(?!confirm\b|forgot\b|resend\b|image\b)[^/?#]+(\/reset)/g, '$1[REDACTED]$2')
    .replace(/([?&]confirmation_token=)[^&#]*/g, '$1[REDACTED]');
}

const SECRET_HEADERS = [
  'access-token',
  'client',
  'uid',
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'passwordconfirmation',
  'email',
];

/** pino options: request lines carry method, redacted URL and request id; bodies are never logged. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `res.headers["${name}"]`]),
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
