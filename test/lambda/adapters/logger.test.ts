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

describe('the trace id on every line', () => {
  it("writes the invocation's X-Ray trace id as Powertools does, read anew for every line", () => {
    const lines: string[] = [];
    let header: string | undefined = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    const logger = createLogger({ serviceName: 'svc', write: (line) => lines.push(line), traceHeader: () => header });
    logger.info('first');
    header = 'Root=1-6759e988-0d862e3fe1be46a994272794;Parent=63995c3f42cd8ad8;Sampled=0';
    logger.error('second');
    header = undefined;
    logger.warn('local');
    expect(lines.map((line) => JSON.parse(line).xray_trace_id)).toEqual([
      '1-5759e988-bd862e3fe1be46a994272793',
      '1-6759e988-0d862e3fe1be46a994272794',
      undefined,
    ]);
  });

  it('reads the trace header Lambda sets in the environment by default', () => {
    const lines: string[] = [];
    const previous = process.env._X_AMZN_TRACE_ID;
    process.env._X_AMZN_TRACE_ID = 'Root=1-00000001-000000000000000000000001;Sampled=1';
    try {
      createLogger({ write: (line) => lines.push(line) }).info('traced');
    } finally {
      if (previous === undefined) delete process.env._X_AMZN_TRACE_ID;
      else process.env._X_AMZN_TRACE_ID = previous;
    }
    expect(JSON.parse(lines[0] as string)).toMatchObject({ xray_trace_id: '1-00000001-000000000000000000000001' });
  });
});
