/** What the benchmark measures of one operation: handler against bare store time, store requests, size. */
export interface OperationFigures {
  name: string;
  handlerP50: number;
  handlerP99: number;
  bareP50: number;
  bareP99: number;
  ratioP50: number;
  /** The lowest and highest p50 ratio of the rounds. */
  ratioSpread: [number, number];
  samples: number;
  handlerMean: number;
  /** What Lambda would bill: each invocation rounded up to a whole millisecond, averaged. */
  billedMeanMs: number;
  reads: number;
  writes: number;
  itemsRead: number;
  readUnits: number;
  writeUnits: number;
  writeConcurrent: boolean;
  responseBytes: number;
}
