import type { FastifyServerOptions } from 'fastify';

/** Where log lines go (pino's DestinationStream); tests capture it. */
export interface LogStream {
  write(line: string): void;
}

/*
 * No credential reaches a log line (issue 43). The rule, applied to every line the server writes,
 * whatever wrote it (request lines, errors and their stacks, audit, jobs, mail, outbound calls):
 *
 * - Every query or fragment parameter's value is replaced by [REDACTED], except the parameters named
 *   in HARMLESS_PARAMETERS (paging, sorting, ids, dates, language): an allowlist, so a parameter
 *   nobody thought of (a signature, an OpenID Connect code or state, a provider's API key) is
 *   redacted by default.
 * - Path segments that are credentials themselves (TOKEN_SEGMENTS) are redacted.
 * - The user and password of a URL (`smtps://user:password@host`) are redacted.
 * - Headers are never logged: request lines name method, URL and address only, and any `headers`
 *   object in a logged value (an error's request, say) is replaced whole.
 */

/** Query parameters of this API whose values grant nothing: what the log keeps for debugging. */
const HARMLESS_PARAMETERS = new Set([
  'account_type',
  'archived',
  'board_id',
  'direction',
  'end_date',
  'event',
  'from',
  'group',
  'interval',
  'language',
  'limit',
  'milestone_id',
  'page',
  'page_size',
  'repository_id',
  'section',
  'semester',
  'sort',
  'start_date',
  'to',
  'user_id',
  'year',
]);

/**
 * Path segments that are credentials: the reset link and call, and the keys of stored files. A route
 * pattern's `:token` (the audit's `route`) is left as it is.
 */
const TOKEN_SEGMENTS: RegExp[] = [
  /(\/reset_password\/)(?!:)[^/?#\s"'\\<>]+/g,
  /(\/api\/users\/)(?!:)[^/?#\s"'\\<>]+(?=\/reset\b)/g,
  /(\/api\/files\/[a-z_]+\/)(?!:)[^/?#\s"'\\<>]+/g,
];

/**
 * One `name=value` after `?`, `#` or `&`. Neither part crosses a quote or a backslash, so on a
 * serialized JSON line a match never reaches past the string it is in.
 */
const PARAMETER = /([?#&])([^=?#&\s"'\\<>]+)=([^&#\s"'\\<>]*)/g;
/**
 * A parameter without a name (`?abc123`, `#abc123`, `&abc123`): a value too. Only right after a URL
 * character, so prose (`task #12`) is left alone.
 */
const BARE_VALUE = /(?<=[\w/.~%-])([?#&])([^=?#&\s"'\\<>]+)(?=$|[&#\s"'\\<>])/g;
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#@\s"'\\<>]+@/gi;
const REDACTED = '[REDACTED]';

/** The rule above, on any text: a URL, a message, a stack, a whole serialized log line. */
export function redactSecrets(text: string): string {
  let redacted = text.replace(URL_USERINFO, `$1${REDACTED}@`);
  for (const segment of TOKEN_SEGMENTS) redacted = redacted.replace(segment, `$1${REDACTED}`);
  redacted = redacted.replace(PARAMETER, (whole, lead: string, name: string, value: string) =>
    value === '' || HARMLESS_PARAMETERS.has(name) ? whole : `${lead}${name}=${REDACTED}`,
  );
  return redacted.replace(BARE_VALUE, `$1${REDACTED}`);
}

/** A request URL as logged. */
export const redactUrl = redactSecrets;

/** Every line through redactSecrets on its way to `stream` (stdout by default). */
export function redactingStream(stream?: LogStream): LogStream {
  const destination = stream ?? { write: (line: string) => void process.stdout.write(line) };
  return { write: (line) => destination.write(redactSecrets(line)) };
}

/** A `headers` object at any of the first three levels of a logged value: replaced whole. */
const HEADER_PATHS = ['headers', '*.headers', '*.*.headers'];

/** pino options: request lines carry method, redacted URL and address; bodies and headers never. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream: redactingStream(stream),
    redact: { paths: HEADER_PATHS, censor: REDACTED },
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
