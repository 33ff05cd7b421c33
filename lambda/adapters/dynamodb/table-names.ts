import type { TableRole } from '../../contract';

/** Physical names of the tables a process may use, as the stack or the local store created them. */
export type TableNames = Partial<Record<TableRole, string>>;

/** Every table's name: what a store that holds all the tables (the local one, the test stores) has. */
export type AllTableNames = Record<TableRole, string>;
