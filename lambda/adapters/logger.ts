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
  /** @default the Lambda runtime's _X_AMZN_TRACE_ID of the invocation under way, read at each line */
  traceHeader?: () => string | undefined;
}

/** The trace id (`Root=1-…`) of an X-Ray trace header, as Powertools Logger writes it: `xray_trace_id`. */
export const traceIdOf = (header: string | undefined): string | undefined => /(?:^|;)Root=([^;]+)/.exec(header ?? '')?.[1];

const isLevel = (value: string | undefined): value is Level => value !== undefined && value in LEVELS;

/**
 * Powertools Logger's line shape (level, message, timestamp, service, xray_trace_id, then the attributes)
 * without its weight in every function bundle: written straight to stdout, which Lambda ships to
 * CloudWatch. Powertools Logger is not used (README, "Operations"): what it adds over these lines is the
 * Lambda context and a cold-start flag, and the request line already carries the request id, the
 * metrics and the timings; its bundle and start-up cost would be paid on every cold start.
 */
export const createLogger = (options: LoggerOptions = {}): Logger => {
  const configured = process.env.LOG_LEVEL ?? process.env.POWERTOOLS_LOG_LEVEL;
  const threshold = LEVELS[options.level ?? (isLevel(configured) ? configured : 'INFO')];
  const service = options.serviceName ?? process.env.POWERTOOLS_SERVICE_NAME ?? 'nameday-service';
  const write = options.write ?? ((line: string) => void process.stdout.write(line));
  const now = options.now ?? (() => new Date());
  // Lambda sets the variable anew for each invocation: read per line, so each line has its request's trace.
  const traceHeader = options.traceHeader ?? (() => process.env._X_AMZN_TRACE_ID);
  const at =
    (level: Level) =>
    (message: string, attributes: Record<string, unknown> = {}): void => {
      if (LEVELS[level] < threshold) return;
      const xray_trace_id = traceIdOf(traceHeader());
      write(
        `${JSON.stringify({ level, message, timestamp: now().toISOString(), service, ...(xray_trace_id && { xray_trace_id }), ...attributes })}\n`,
      );
    };
  return { info: at('INFO'), warn: at('WARN'), error: at('ERROR') };
};
