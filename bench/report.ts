import type { BenchResults } from './results';
import { PRICES, LAMBDA_MEMORY_MB } from './cost';

const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** docs/performance.md from one run's results: each figure beside its target. */
export const renderReport = (r: BenchResults): string => {
  const expectedReads = (name: string) => (name.startsWith('search') ? 1 : 2);
  const lines = [
    '# Performance',
    '',
    `Measured by \`npm run bench\` on ${r.date.slice(0, 10)} (${r.date}), on ${r.machine.cpu}, ${r.machine.cores} cores,`,
    `${r.machine.memoryGiB} GiB, Node ${r.machine.node}; ${r.iterations} iterations an operation after warm-up. The store is`,
    "dynalite in a process of its own (as DynamoDB is a service of its own; in one process the handler's",
    'work and the store\'s would queue on one thread), and "bare DynamoDB" means the very requests the',
    'handler made, replayed with a plain client, timed in the same run and interleaved with the handler',
    'calls. This machine is shared and noisy: compare the ratios, not the absolute times. Raw figures:',
    '`bench/results.json`.',
    '',
    '## 1. Handler overhead',
    '',
    'Each operation invoked in-process through the handler (request pipeline, admission with its counter',
    'write, use case, JSON), against the same store requests replayed bare. Target: ratio ≤ 1.3 at p50.',
    '',
    '| Operation | Handler p50 ms | p99 ms | Bare p50 ms | p99 ms | Ratio p50 | Target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...r.overhead.map(
      (o) =>
        `| ${o.name} | ${o.handlerP50} | ${o.handlerP99} | ${o.bareP50} | ${o.bareP99} | ${o.ratioP50} | ≤ 1.3: ${verdict(o.ratioP50 <= 1.3)} |`,
    ),
    '',
    '## 2. Store requests per call',
    '',
    'Counted by instrumenting the store client. Target: a listing page is one read (two at most when it',
    'spans a partition), a search is one read, and an admitted request adds one counter write that runs',
    'concurrently with the read.',
    '',
    '| Operation | Reads | Items read | Writes | Write concurrent with reads | Target |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    ...r.overhead.map(
      (o) =>
        `| ${o.name} | ${o.reads} | ${o.itemsRead} | ${o.writes} | ${o.writeConcurrent ? 'yes' : 'no'} | ${verdict(o.reads >= 1 && o.reads <= expectedReads(o.name) && o.writes === 1 && o.writeConcurrent)} |`,
    ),
    '',
    '## 3. Offset flatness',
    '',
    `\`limit=10\` over the whole year, all countries (${r.offsetFlatness.total} entries). Target: the same items read, latency ratio ≤ 1.2.`,
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
    '## 4. Search scaling',
    '',
    'The real name index against one ten times larger (synthetic names spread over every partition).',
    'Target: p50 ratio ≤ 1.5, the same number of requests.',
    '',
    '| Query | Real p50 ms | 10× p50 ms | Ratio | Requests (real / 10×) | Target |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    ...r.scaling.map(
      (s) =>
        `| \`${s.query}\` | ${s.realP50} | ${s.largeP50} | ${s.ratioP50} | ${s.realReads} / ${s.largeReads} | ${verdict(s.ratioP50 <= 1.5 && s.realReads === s.largeReads)} |`,
    ),
    '',
    '## 5. Lambda packages',
    '',
    "Each API function bundled as the stack bundles it (ES module, packages' `module` entry points so the",
    'AWS SDK is tree-shaken, minified) against a naive `esbuild --bundle --minify --platform=node` of the',
    'same entry. Init: median time to `import` the bundle in 11 fresh Node processes. The bundle is also',
    'invoked once against the benchmark store to show it works. Target: ≤ 400 KB and ≤ 0.65 of the naive',
    'init time.',
    '',
    '| Function | Size | Naive size | Init ms | Naive init ms | Init ratio | Invoked | Target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...r.packages.map(
      (p) =>
        `| ${p.function} | ${kb(p.bytes)} | ${kb(p.naiveBytes)} | ${p.initMs} | ${p.naiveInitMs} | ${p.initRatio} | ${p.invokedStatus} | ${verdict(p.bytes <= 400 * 1024 && p.initRatio <= 0.65 && p.invokedStatus === 200)} |`,
    ),
    '',
    '## 6. Response size',
    '',
    `A ${r.responseSize.entries}-entry page: ${r.responseSize.raw} bytes raw, ${r.responseSize.gzip} gzipped, ratio ${r.responseSize.ratio} (≤ 0.3: ${verdict(
      r.responseSize.ratio <= 0.3,
    )}). API Gateway compresses responses from 1 KiB (\`minimumCompressionSize\`) for clients that send`,
    '`Accept-Encoding: gzip`, and so does the local server.',
    '',
    '## 7. Local server throughput',
    '',
    `autocannon, ${r.throughput.connections} connections for ${r.throughput.durationSeconds} s each, \`GET ${r.throughput.path}\`, against a bare`,
    '`node:http` server that returns the same bytes. The local server runs as `npm start` runs it, with',
    "dynalite inside the server's process.",
    '',
    '| Server | Requests/s | p50 latency ms | Non-2xx |',
    '| --- | ---: | ---: | ---: |',
    `| local server (dynalite) | ${r.throughput.local.requestsPerSecond} | ${r.throughput.local.latencyP50Ms} | ${r.throughput.local.non2xx} |`,
    `| local server, store in memory | ${r.throughput.withoutStore.requestsPerSecond} | ${r.throughput.withoutStore.latencyP50Ms} | ${r.throughput.withoutStore.non2xx} |`,
    `| bare node:http | ${r.throughput.bare.requestsPerSecond} | ${r.throughput.bare.latencyP50Ms} | ${r.throughput.bare.non2xx} |`,
    '',
    `Ratio ${r.throughput.ratio} against the bare server. Where the rest goes: with the store in memory the same`,
    `gateway and handlers serve ${r.throughput.withoutStoreRatio} of the bare rate, so our code (request parsing, event, pipeline with`,
    'admission, planning, JSON) is a small part; the remainder is the store. Every request makes three',
    `round trips to dynalite over loopback HTTP: the gateway's key lookup (p50 ${r.throughput.perRequestMs.gatewayKeyLookup} ms, as API Gateway's own`,
    `key check), then the handler's data read and counter write, side by side (handler p50 ${r.throughput.perRequestMs.handler} ms). dynalite is a`,
    'JavaScript store with its own HTTP server in the same single-threaded process, and every request of',
    "the load updates the same key's counters, which dynalite serializes; so store and server queue on one",
    'core. On AWS the store is DynamoDB and the gateway is API Gateway: neither runs in the function.',
    '',
    '## 8. Cost per million calls on AWS',
    '',
    `From the measured handler time at ${LAMBDA_MEMORY_MB} MB (this machine's time stands in for Lambda's) and the request units the`,
    `store reported. Prices assumed: API Gateway REST $${PRICES.apiGatewayPerMillion}/M; Lambda arm64 $${PRICES.lambdaPerGbSecond}/GB-s and`,
    `$${PRICES.lambdaPerMillionRequests}/M requests; DynamoDB on demand $${PRICES.dynamoReadUnitPerMillion}/M read units, $${PRICES.dynamoWriteUnitPerMillion}/M write units.`,
    'Target: ≤ $5 per million for a one-date lookup.',
    '',
    '| Operation | Duration ms | Read units | Write units | API Gateway | Lambda requests | Lambda compute | DynamoDB | Total $/M |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.cost.map(
      (c) =>
        `| ${c.name} | ${c.durationMs} | ${c.readUnits} | ${c.writeUnits} | ${c.apiGateway} | ${c.lambdaRequests} | ${c.lambdaCompute} | ${c.dynamoDb} | ${c.total} |`,
    ),
    '',
    `One-date lookup: $${r.cost[0]?.total} per million (≤ $5: ${verdict((r.cost[0]?.total ?? Infinity) <= 5)}). API Gateway's REST price is most of it.`,
    '',
  ];
  return `${lines.join('\n')}\n`;
};
