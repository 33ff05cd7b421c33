import type { BenchResults } from './results';
import { PRICES, LAMBDA_MEMORY_MB, ACCESS_LOG_LINE_BYTES } from './cost';
import { FUNCTION_MEMORY_MB } from '../lambda/contract';

const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const range = (r: { min: number; max: number }) => `${r.min}–${r.max}`;

/** The p50 ratio each operation must keep to the bare counter write. */
const overheadTarget = (name: string) => (name.startsWith('list one date') || name.startsWith('search narrow') ? 1.2 : 1.5);
const COST_TARGET = 4.6;

/**
 * Section 9: the store calls on the way to admission by kind of key, and a one-date answer's all-in cost
 * with each path's DynamoDB part in place of the bench key's.
 */
const admissionSection = (r: BenchResults): string[] => {
  const base = r.cost.find((c) => c.name.startsWith('list one date'));
  if (!base) return [];
  const withoutDynamo = base.total - base.dynamoDb;
  const warmTarget = (name: string) => !name.includes('cold') && !name.startsWith('feed');
  const coldTarget = (name: string) => name.includes('cold');
  return [
    '## 9. Store calls of a paid and a free request, warm and cold',
    '',
    "The monthly quota is the account's: a dashboard key counts on its account's record, which all the",
    "account's keys share (the month, each key's minute and share, each feed's last counted day); an",
    "operator's key with no account counts on its own record. A process learns which record a key counts on",
    'with one strongly consistent read of the key, once (the binding never changes); afterwards a request is',
    'one conditional write, whose condition also checks that the key is still active there (revocation takes',
    "the key out of the account's record, so it is refused from that moment). A feed's fetch also reads its",
    "token's record every time, so a revoked feed or an edited list shows at once; it takes from the month",
    "once a UTC day. Measured on an account of three keys and two feeds. The all-in cost is section 8's",
    `one-date answer ($${round2(base.total)}/M) with this path's DynamoDB part in place of the bench key's. Targets: a warm`,
    `request is one write and no read, ≤ $${COST_TARGET} per million; a cold process adds at most two reads, once per`,
    'process and key (its all-in figure is shown as if every request were cold, which none is past the first);',
    "a feed fetch is one read and one write, as before quotas were the account's (the token is read every fetch).",
    '',
    '| Path | Store calls | Read units | Write units | DynamoDB $/M | All-in $/M | Target |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...r.admissionPaths.map((p) => {
      const total = round2(withoutDynamo + p.dynamoDbPerMillion);
      const met = warmTarget(p.name)
        ? p.reads === 0 && p.writes === 1 && total <= COST_TARGET
        : coldTarget(p.name)
          ? p.reads <= 2 && p.writes === 1
          : p.reads === 1 && p.writes === 1;
      return `| ${p.name} | ${p.calls.join(', ') || 'none'} | ${p.readUnits} | ${p.writeUnits} | ${p.dynamoDbPerMillion} | ${total} | ${verdict(met)} |`;
    }),
    '',
    "Why the cold and feed figures moved: before quotas were the account's, a key's record was its counter,",
    'so even a cold process wrote once and read nothing, and a feed was one read and one write every fetch.',
    "Now a cold process reads the key once to find its account (the key's own record cannot count an",
    "account's month), and a feed's fetch after the day's first no longer touches the month; the warm paths",
    'are unchanged: one write.',
    '',
  ];
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/** docs/performance.md from one run's results: each figure beside its target. */
export const renderReport = (r: BenchResults): string => {
  const lines = [
    '# Performance',
    '',
    `Measured by \`npm run bench\` on ${r.date.slice(0, 10)} (${r.date}), on ${r.machine.cpu}, ${r.machine.cores} cores,`,
    `${r.machine.memoryGiB} GiB, Node ${r.machine.node}. This machine is shared and noisy: compare the ratios, measured in`,
    'one run, not the absolute times, and read the spread across rounds beside each ratio. Raw figures:',
    '`bench/results.json`, written by the same run as this page.',
    '',
    r.code.uncommittedChanges === 0
      ? `The code measured is commit \`${r.code.commit}\` exactly: this page and bench/results.json are committed right after it.`
      : `The code measured is commit \`${r.code.commit}\` **with ${r.code.uncommittedChanges} uncommitted change(s)**: rerun from a clean tree before committing the report.`,
    '',
    'Where the store runs: for sections 1 to 4 dynalite runs **in memory, in a process of its own** (as DynamoDB',
    "is a service of its own; in the handler's process the store's work and the handler's would queue on one",
    'thread). Section 7 runs the local server exactly as `npm start` does: its own process, dynalite inside it,',
    'the store on disk.',
    '',
    '## 1. A warm request against the bare counter write',
    '',
    `Each operation invoked in-process through its handler (request pipeline, admission with its counting`,
    `write, use case, JSON), warm, against the same store requests replayed with a plain client: with the data`,
    `kept in memory that is the counter write alone. ${r.rounds} rounds of ${r.iterations} calls, interleaved with the bare`,
    'calls and round-robin over the operations; p50 and p99 over every sample. Targets: ≤ 1.2 at p50 for a',
    'one-date answer and a narrow search, ≤ 1.5 for a 365-entry page, a deep page and a broad search.',
    '',
    '| Operation | Samples | Handler p50 ms | p99 ms | Bare write p50 ms | p99 ms | Ratio p50 | Rounds | Target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...r.overhead.map(
      (o) =>
        `| ${o.name} | ${o.samples} | ${o.handlerP50} | ${o.handlerP99} | ${o.bareP50} | ${o.bareP99} | ${o.ratioP50} | ${o.ratioSpread[0]}–${o.ratioSpread[1]} | ≤ ${overheadTarget(o.name)}: ${verdict(o.ratioP50 <= overheadTarget(o.name))} |`,
    ),
    '',
    '## 2. Store requests of a warm request',
    '',
    'Counted by instrumenting the store client, after warm-up. Target: exactly one, the counter write.',
    '',
    '| Operation | Reads | Items read | Writes | Target |',
    '| --- | ---: | ---: | ---: | --- |',
    ...r.overhead.map(
      (o) => `| ${o.name} | ${o.reads} | ${o.itemsRead} | ${o.writes} | ${verdict(o.reads === 0 && o.writes === 1)} |`,
    ),
    '',
    '## 3. Offset flatness of a cold read',
    '',
    `\`limit=10\` over the whole year, all countries (${r.offsetFlatness.total} entries), with nothing kept in memory, so that every`,
    'call reads its page from the store. Target: the same items read, latency ratio ≤ 1.2.',
    '',
    '| Page | Items read | p50 ms |',
    '| --- | ---: | ---: |',
    `| offset 0 | ${r.offsetFlatness.first.itemsRead} | ${r.offsetFlatness.first.p50} |`,
    `| last page (offset ${r.offsetFlatness.total - 10}) | ${r.offsetFlatness.last.itemsRead} | ${r.offsetFlatness.last.p50} |`,
    '',
    `Latency ratio ${r.offsetFlatness.latencyRatio} (≤ 1.2: ${verdict(r.offsetFlatness.latencyRatio <= 1.2)}); items read ${
      r.offsetFlatness.first.itemsRead === r.offsetFlatness.last.itemsRead ? 'equal' : 'different'
    } (${verdict(r.offsetFlatness.first.itemsRead === r.offsetFlatness.last.itemsRead)}).`,
    '',
    '## 4. Search scaling of a cold read',
    '',
    'The real name index against one ten times larger (synthetic names spread over every partition), nothing',
    'kept in memory. Target: p50 ratio ≤ 1.5, one request, items read independent of the index size.',
    '',
    '| Query | Real p50 ms | 10× p50 ms | Ratio | Requests (real / 10×) | Items read (real / 10×) | Target |',
    '| --- | ---: | ---: | ---: | --- | --- | --- |',
    ...r.scaling.map(
      (s) =>
        `| \`${s.query}\` | ${s.realP50} | ${s.largeP50} | ${s.ratioP50} | ${s.realReads} / ${s.largeReads} | ${s.realItemsRead} / ${s.largeItemsRead} | ${verdict(s.ratioP50 <= 1.5 && s.realReads === 1 && s.largeReads === 1)} |`,
    ),
    '',
    'Items read grow a little with the index: a prefix query reads every token of the larger index that starts',
    'with the prefix, synthetic ones included; the partition around it does not matter.',
    '',
    '## 5. Lambda packages, cold start and warm memory',
    '',
    "Each API function bundled as the stack bundles it (ES module, packages' `module` entry points so the AWS",
    'SDK is tree-shaken, minified) against a naive `esbuild --bundle --minify --platform=node`. Init: median time',
    'to `import` the bundle in 11 fresh Node processes. Cold start: median of 5, from spawning a fresh Node',
    'process to its first answered request (import, dependencies, catalog load, counted request). Warm memory:',
    'the resident set after the function has kept everything it keeps (every month of every calendar listed;',
    `every two-letter search prefix answered). Targets: ≤ 520 KB (400 KB before X-Ray capture, below); warm memory within half of the configured ${FUNCTION_MEMORY_MB.listing} MB.`,
    '',
    '| Function | Size | Naive size | Init ms | Naive init ms | Cold start ms | Warm memory MB | Invoked | Target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...r.packages.map(
      (p) =>
        `| ${p.function} | ${kb(p.bytes)} | ${kb(p.naiveBytes)} | ${p.initMs} | ${p.naiveInitMs} | ${p.coldStartMs} | ${p.warmMemoryMb} | ${p.invokedStatus} | ${verdict(p.bytes <= 520 * 1024 && p.invokedStatus === 200 && p.warmMemoryMb <= FUNCTION_MEMORY_MB.listing / 2)} |`,
    ),
    '',
    'X-Ray tracing of the SDK clients (Powertools Tracer, which brings the X-Ray SDK): each function bundled',
    'again with the tracing module replaced by one that returns the client untouched, both started alternately',
    "five times as a traced Lambda invocation would start them (the size target above includes the tracer's",
    'share). Target: cold start grows by at most 30 ms or 10%, whichever is larger.',
    '',
    '| Function | Size | Untraced size | Cold start ms | Untraced cold start ms | Growth ms | Target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...r.packages.map(
      (p) =>
        `| ${p.function} | ${kb(p.bytes)} | ${kb(p.tracing.untracedBytes)} | ${p.tracing.tracedColdStartMs} | ${p.tracing.untracedColdStartMs} | ${p.tracing.coldStartGrowthMs} | ${verdict(p.tracing.coldStartGrowthMs <= Math.max(30, p.tracing.untracedColdStartMs * 0.1))} |`,
    ),
    '',
    'How memory is bounded: the fixed days kept are at most every fixed day of the data version (the data',
    'itself); the search answers kept are at most 5,000 prefixes, the least recently used dropped first. The',
    'catalog is one per process. A process serves one data version all its life, so nothing kept goes stale.',
    '',
    '## 6. Response size',
    '',
    `A ${r.responseSize.entries}-entry page: ${r.responseSize.raw} bytes raw, ${r.responseSize.gzip} gzipped, ratio ${r.responseSize.ratio} (≤ 0.3: ${verdict(
      r.responseSize.ratio <= 0.3,
    )}). API Gateway compresses responses from 1 KiB (\`minimumCompressionSize\`) for clients that send`,
    '`Accept-Encoding: gzip`, and so does the local server.',
    '',
    '## 7. Local server',
    '',
    `The local server as \`npm start\` runs it, in its own process with the store on disk, and a bare \`node:http\``,
    `server in a process of its own returning the same bytes; autocannon loads them from the benchmark's process,`,
    `${r.throughput.connections} connections, ${r.throughput.durationSeconds} s a load, ${r.throughput.rounds} interleaved rounds (median, and the range across rounds).`,
    '',
    '| Load | Requests/s | p50 latency ms |',
    '| --- | ---: | ---: |',
    `| local server, one date | ${r.throughput.localRps.median} (${range(r.throughput.localRps)}) | ${r.throughput.localLatencyP50Ms.median} (${range(r.throughput.localLatencyP50Ms)}) |`,
    `| local server, 365-entry page | ${r.throughput.pageRps.median} (${range(r.throughput.pageRps)}) | ${r.throughput.pageLatencyP50Ms.median} (${range(r.throughput.pageLatencyP50Ms)}) |`,
    `| bare node:http, same bytes as one date | ${r.throughput.bareRps.median} (${range(r.throughput.bareRps)}) | — |`,
    '',
    `Non-2xx answers: ${r.throughput.non2xx}. Throughput ratio to the bare server ${r.throughput.ratio.median} (${range(r.throughput.ratio)}), ${r.throughput.gainOverPrevious} times the`,
    `ratio the previous benchmark run recorded (0.0044, when the gateway read every key before the handler and`,
    `every request read its data): ≥ 2.5 times: ${verdict(r.throughput.gainOverPrevious >= 2.5)}. A 365-entry page's black-box p50 latency is`,
    `${r.throughput.pageLatencyRatio.median} (${range(r.throughput.pageLatencyRatio)}) times a one-date answer's (≤ 2: ${verdict(r.throughput.pageLatencyRatio.median <= 2)}).`,
    '',
    `What bounds it: a warm request's one store call, the conditional counter write. dynalite alone, on disk, takes`,
    `${r.throughput.storeWriteRate.median} (${range(r.throughput.storeWriteRate)}) such writes a second from ${r.throughput.connections} concurrent clients on one key (it serializes the`,
    `updates of one item); the local server answers ${r.throughput.rateOfStoreWrites} times that rate. The server adds little: the miss is the`,
    'store, whose speed the exact per-key counting needs on every request. On AWS the write goes to DynamoDB.',
    '',
    '## 8. Cost per million calls on AWS, all in',
    '',
    `From the measured mean billed duration at ${LAMBDA_MEMORY_MB} MB (this machine's time stands in for Lambda's; each call`,
    'rounded up to a whole millisecond), the request units the store reported, and the log lines a request',
    "writes at CloudWatch Logs ingestion prices: the function's one request line (measured, with its embedded",
    `metrics, standard class) and API Gateway's access log line (${ACCESS_LOG_LINE_BYTES} bytes, infrequent-access class, half the price:`,
    "it is read when investigating and turned into no metric). Lambda's own START/END/REPORT lines are not written (JSON",
    'logging, system log level WARN): they would add about 300 bytes a call and tell nothing the request line',
    `does not. Prices: API Gateway REST $${PRICES.apiGatewayPerMillion}/M; Lambda arm64 $${PRICES.lambdaPerGbSecond}/GB-s and $${PRICES.lambdaPerMillionRequests}/M requests; DynamoDB on`,
    `demand $${PRICES.dynamoReadUnitPerMillion}/M read units, $${PRICES.dynamoWriteUnitPerMillion}/M write units; CloudWatch Logs $${PRICES.cloudWatchLogsIngestionPerGb}/GB ingested ($${PRICES.cloudWatchLogsInfrequentAccessPerGb} infrequent access). Target: ≤ $${COST_TARGET} per`,
    'million for every operation.',
    '',
    '| Operation | Billed ms | Read units | Write units | Log bytes | API Gateway | Lambda requests | Lambda compute | DynamoDB | Logs | Total $/M | Target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...r.cost.map(
      (c) =>
        `| ${c.name} | ${c.durationMs} | ${c.readUnits} | ${c.writeUnits} | ${c.logBytes} | ${c.apiGateway} | ${c.lambdaRequests} | ${c.lambdaCompute} | ${c.dynamoDb} | ${c.logs} | ${c.total} | ${verdict(c.total <= COST_TARGET)} |`,
    ),
    '',
    ...admissionSection(r),
  ];
  return `${lines.join('\n')}\n`;
};
