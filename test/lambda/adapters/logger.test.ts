import { createLogger } from '../../../lambda/adapters/logger';

describe('createLogger', () => {
  it('writes one JSON object a line in the Powertools shape', () => {
    const lines: string[] = [];
    const logger = createLogger({
      serviceName: 'svc',
      write: (line) => lines.push(line),
      now: () => new Date('2026-11-21T10:00:00Z'),
    });
    logger.info('request', { requestId: 'r1', status: 200 });
    expect(lines).toEqual([
      '{"level":"INFO","message":"request","timestamp":"2026-11-21T10:00:00.000Z","service":"svc","requestId":"r1","status":200}\n',
    ]);
  });

  it('drops lines below its level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'WARN', write: (line) => lines.push(line) });
    logger.info('quiet');
    logger.warn('loud');
    logger.error('louder');
    expect(lines.map((line) => JSON.parse(line).level)).toEqual(['WARN', 'ERROR']);
  });
});
