import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalService } from '../../local/local-service';
import { startCheckedService } from '../support/checked-service';
import { loadOpenApi, resolveRef, type OpenApiResponse } from '../support/openapi-document';
import { recordingLogger } from '../support/silent-logger';

/**
 * The examples users copy are run against the local server, so they cannot go stale: the README's curl
 * lines (their shown output checked, `...` marking where it is cut), the reference's response examples,
 * and the client examples in JavaScript and Python.
 */
const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const KEY = 'nd_live_0000000000000000000000000000e0a1';
const README_BASE = 'http://127.0.0.1:3000';
let service: LocalService;
let dataDir: string;
let workDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nameday-examples-'));
  workDir = mkdtempSync(join(tmpdir(), 'nameday-examples-cwd-'));
  service = await startCheckedService({
    port: 0,
    dataDir,
    keys: `paid:${KEY}`,
    clock: { now: () => new Date('2026-11-21T10:00:00Z') },
    limits: { ratePerMinute: 100_000, freeMonthlyQuota: 100_000 },
    logger: recordingLogger(),
  });
  // Seeding every calendar takes seconds alone, and longer on a shared, busy machine.
}, 180000);
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(workDir, { recursive: true, force: true });
});

interface ShellExample {
  command: string;
  shown?: string;
}

/** The curl commands of the README's shell blocks, each with the output shown under it (`# ...` lines), if any. */
const readmeExamples = (): ShellExample[] => {
  const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  return blocks.flatMap((block) => {
    const lines = block.replace(/\\\n\s*/g, ' ').split('\n');
    return lines.flatMap((line, index) => {
      if (!line.startsWith('curl ')) return [];
      const shown: string[] = [];
      for (const next of lines.slice(index + 1)) {
        if (!/^# [{[]|^# {2}/.test(next)) break;
        shown.push(next.replace(/^#\s*/, ''));
      }
      return [{ command: line.replace(/\s+#.*$/, ''), ...(shown.length > 0 && { shown: shown.join('') }) }];
    });
  });
};

// Asynchronous: the server answering runs in this very process.
const run = promisify(execFile);

/** Runs a README command with the real curl, against the test's server; its body and status. */
const runCurl = async (command: string): Promise<{ status: number; body: string }> => {
  const { stdout: output } = await run('bash', ['-c', `${command.replaceAll(README_BASE, service.url)} -w '\\n%{http_code}'`], {
    cwd: workDir,
    env: { ...process.env, KEY },
    encoding: 'utf8',
  });
  const cut = output.lastIndexOf('\n');
  return { status: Number(output.slice(cut + 1)), body: output.slice(0, cut) };
};

/** A shown output matches when it is the answer, or its pieces around each `...` are, in order, from start to end. */
const expectShown = (actual: string, shown: string) => {
  const pieces = shown.split('...').map((piece) => piece.replace(/^[\s,]+|[\s,]+$/g, ''));
  if (pieces.length === 1) return expect(actual).toBe(shown);
  const [first = '', last = ''] = [pieces[0], pieces[pieces.length - 1]];
  expect(actual.slice(0, first.length)).toBe(first);
  expect(actual.slice(actual.length - last.length)).toBe(last);
  let at = 0;
  for (const piece of pieces) {
    const found = actual.indexOf(piece, at);
    expect(found).toBeGreaterThanOrEqual(at);
    at = found + piece.length;
  }
};

/** An example is in an answer: the same scalars, the same keys, and each example array item somewhere in the answer's array. */
const contains = (actual: unknown, example: unknown): boolean => {
  if (Array.isArray(example))
    return Array.isArray(actual) && example.every((item) => actual.some((candidate) => contains(candidate, item)));
  if (example !== null && typeof example === 'object') {
    if (actual === null || typeof actual !== 'object') return false;
    const keys = Object.keys(example);
    return (
      keys.length === Object.keys(actual).length &&
      keys.every((key) => contains((actual as Record<string, unknown>)[key], (example as Record<string, unknown>)[key]))
    );
  }
  return actual === example;
};

describe("the README's examples", () => {
  const examples = readmeExamples();

  it('include the curl lines users copy', () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
    expect(examples.filter((example) => example.shown).length).toBeGreaterThanOrEqual(2);
  });

  it.each(examples)('$command', async ({ command, shown }) => {
    const { status, body } = await runCurl(command);
    expect(status).toBeLessThan(400);
    if (shown) expectShown(body, shown);
  });
});

describe("the reference's response examples are real answers", () => {
  const document = loadOpenApi();
  const exampleOf = (path: string, status: string): unknown => {
    const response = resolveRef<OpenApiResponse>(document, document.paths[path]?.get?.responses[status] as OpenApiResponse);
    return (response.content?.['application/json'] as { example?: unknown }).example;
  };

  it.each([
    ['/api/v1/namedays', '200', '/api/v1/namedays?country=CZ&date=2026-03-19', 'GET', true],
    ['/api/v1/calendars', '200', '/api/v1/calendars', 'GET', true],
    ['/api/search', '200', '/api/search?q=jiri&year=2026', 'GET', true],
    ['/api/v1/namedays', '400', '/api/v1/namedays?country=XX', 'GET', true],
    ['/api/v1/namedays', '401', '/api/v1/namedays', 'GET', false],
    ['/api/v1/namedays', '405', '/api/v1/namedays', 'POST', true],
  ] as const)('%s %s: %s', async (path, status, target, method, withKey) => {
    const response = await fetch(`${service.url}${target}`, { method, headers: withKey ? { 'x-api-key': KEY } : {} });
    expect(String(response.status)).toBe(status);
    const example = exampleOf(path, status);
    expect(example).toBeDefined();
    expect(contains(await response.json(), example)).toBe(true);
  });
});

describe('the client examples', () => {
  const environment = () => ({ ...process.env, NAMEDAY_API_URL: service.url, NAMEDAY_API_KEY: KEY });
  /** Who celebrates on 19 March 2026 in Czechia, then three dates of the names equivalent to Jiří. */
  const expectOutput = (output: string) => {
    const [day, ...results] = output.trimEnd().split('\n');
    expect(day).toBe('2026-03-19 Czechia: Josef');
    expect(results).toHaveLength(3);
    for (const result of results) expect(result).toMatch(/^\S+ \((\S+|None|null)\) 2026-\d\d-\d\d [A-Z]{2}$/);
    return output;
  };
  let printedByJavaScript = '';

  it('in JavaScript (fetch) prints who celebrates and where a name is celebrated', async () => {
    const { stdout: output } = await run(process.execPath, [join(ROOT, 'docs', 'examples', 'client.mjs')], {
      env: environment(),
      encoding: 'utf8',
    });
    printedByJavaScript = expectOutput(output);
  });

  const python = spawnSync('python3', ['--version']).status === 0;
  (python ? it : it.skip)('in Python (standard library) prints the same', async () => {
    const { stdout: output } = await run('python3', [join(ROOT, 'docs', 'examples', 'client.py')], {
      env: environment(),
      encoding: 'utf8',
    });
    expect(expectOutput(output)).toBe(printedByJavaScript);
  });
});
