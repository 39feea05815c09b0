import { safeError } from './safe-error';

/**
 * Credentials a request may carry. Fastify logs only method, URL and addresses of a request and
 * never its body; these paths keep the tokens out should headers ever be logged.
 */
export const REDACTED_PATHS = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-access-token"]',
  'headers.authorization',
  'headers.cookie',
];

/** The server's pino options; tests pass a stream to read what was logged. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: safeError },
    ...(stream ? { stream } : {}),
  };
}
