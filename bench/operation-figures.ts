/** What the benchmark measures of one operation: handler against bare store time, store requests, size. */
export interface OperationFigures {
  name: string;
  handlerP50: number;
  handlerP99: number;
  bareP50: number;
  bareP99: number;
  ratioP50: number;
  reads: number;
  writes: number;
  itemsRead: number;
  readUnits: number;
  writeUnits: number;
  writeConcurrent: boolean;
  responseBytes: number;
}
