import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';

/** The logging the service needs: one JSON object a line. */
export interface Logger {
  info(message: string, attributes?: Record<string, unknown>): void;
  warn(message: string, attributes?: Record<string, unknown>): void;
  error(message: string, attributes?: Record<string, unknown>): void;
}

export const createLogger = (options: { serviceName?: string; silent?: boolean } = {}): Logger => {
  const logger = new PowertoolsLogger({
    serviceName: options.serviceName ?? 'nameday-service',
    ...(options.silent && { logLevel: 'SILENT' }),
  });
  return {
    info: (message, attributes) => logger.info(message, attributes ?? {}),
    warn: (message, attributes) => logger.warn(message, attributes ?? {}),
    error: (message, attributes) => logger.error(message, attributes ?? {}),
  };
};
