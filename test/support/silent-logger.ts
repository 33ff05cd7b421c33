import type { Logger } from '../../lambda/adapters/logger';

export interface RecordingLogger extends Logger {
  lines: Array<{ level: string; message: string; attributes?: Record<string, unknown> }>;
}

/** Keeps log lines in memory, so tests can read what would have been logged. */
export const recordingLogger = (): RecordingLogger => {
  const lines: RecordingLogger['lines'] = [];
  const at = (level: string) => (message: string, attributes?: Record<string, unknown>) =>
    void lines.push({ level, message, attributes });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
};
