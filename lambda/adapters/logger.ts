/** The logging the service needs: one JSON object a line. */
export interface Logger {
  info(message: string, attributes?: Record<string, unknown>): void;
  warn(message: string, attributes?: Record<string, unknown>): void;
  error(message: string, attributes?: Record<string, unknown>): void;
}

const LEVELS = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, SILENT: 100 } as const;
type Level = keyof typeof LEVELS;

export interface LoggerOptions {
  serviceName?: string;
  /** @default INFO, or the LOG_LEVEL / POWERTOOLS_LOG_LEVEL the host sets */
  level?: Level;
  write?: (line: string) => void;
  now?: () => Date;
}

const isLevel = (value: string | undefined): value is Level => value !== undefined && value in LEVELS;

/**
 * Powertools Logger's line shape (level, message, timestamp, service, then the attributes) without
 * its weight in every function bundle: written straight to stdout, which Lambda ships to CloudWatch.
 */
export const createLogger = (options: LoggerOptions = {}): Logger => {
  const configured = process.env.LOG_LEVEL ?? process.env.POWERTOOLS_LOG_LEVEL;
  const threshold = LEVELS[options.level ?? (isLevel(configured) ? configured : 'INFO')];
  const service = options.serviceName ?? process.env.POWERTOOLS_SERVICE_NAME ?? 'nameday-service';
  const write = options.write ?? ((line: string) => void process.stdout.write(line));
  const now = options.now ?? (() => new Date());
  const at =
    (level: Level) =>
    (message: string, attributes: Record<string, unknown> = {}): void => {
      if (LEVELS[level] < threshold) return;
      write(`${JSON.stringify({ level, message, timestamp: now().toISOString(), service, ...attributes })}\n`);
    };
  return { info: at('INFO'), warn: at('WARN'), error: at('ERROR') };
};
