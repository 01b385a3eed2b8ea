import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { TEnv } from './env';

/** One pino logger for the process: JSON lines, secrets redacted wherever they appear in a logged object. */
export const createLogger = (
  env: Pick<TEnv, 'LOG_LEVEL'>,
  destination?: DestinationStream,
): FastifyBaseLogger =>
  pino(
    {
      level: env.LOG_LEVEL,
      base: { service: 'api' },
      redact: {
        paths: [
          'req.headers.authorization',
          '*.password',
          '*.refresh_token',
          '*.access_token',
          '*.token',
          '*.otp',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
