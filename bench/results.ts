import type { AdmissionPath } from './admission-paths';
import type { costPerMillion } from './cost';
import type { OperationFigures } from './operation-figures';
import type { measurePackages } from './packages';
import type { measureThroughput } from './throughput';

/** Everything one `npm run bench` measured: written to bench/results.json and rendered to docs/performance.md. */
export type BenchResults = {
  date: string;
  code: { commit: string; uncommittedChanges: number };
  machine: { cpu: string; cores: number; memoryGiB: number; node: string };
  iterations: number;
  rounds: number;
  overhead: OperationFigures[];
  offsetFlatness: {
    total: number;
    first: { itemsRead: number; p50: number };
    last: { itemsRead: number; p50: number };
    latencyRatio: number;
  };
  scaling: Array<{
    query: string;
    realP50: number;
    largeP50: number;
    ratioP50: number;
    realReads: number;
    largeReads: number;
    realItemsRead: number;
    largeItemsRead: number;
  }>;
  responseSize: { entries: number; raw: number; gzip: number; ratio: number };
  packages: Awaited<ReturnType<typeof measurePackages>>;
  throughput: Awaited<ReturnType<typeof measureThroughput>>;
  cost: ReturnType<typeof costPerMillion>;
  admissionPaths: AdmissionPath[];
};
