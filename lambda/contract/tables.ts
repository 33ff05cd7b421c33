/**
 * The service's tables, declared once as plain data: the stack builds them with CDK and the local
 * server creates them in the embedded store, so both hosts run on the same key design.
 */
export interface TableDefinition {
  /** Construct id in the stack and table name in the local store. */
  id: string;
  partitionKey: string;
  sortKey?: string;
  indexes: ReadonlyArray<{ name: string; partitionKey: string; sortKey?: string }>;
  /** Attribute holding an expiry time (epoch seconds) that DynamoDB's TTL may clean up. */
  timeToLiveAttribute?: string;
}

export const TABLE_DEFINITIONS = {
  namedays: {
    id: 'NamedaysTable',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [{ name: 'ByMonth', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
  },
  nameIndex: { id: 'NameIndexTable', partitionKey: 'pk', sortKey: 'sk', indexes: [] },
  // A key's usage counters live on its own item, so that one conditional write both checks that the
  // key is active and counts the request: no separate key read, no transaction, no window items.
  // ByOwner finds an account's keys for the dashboard; keys made by the operator have no owner.
  apiKeys: {
    id: 'ApiKeysTable',
    partitionKey: 'keyHash',
    indexes: [
      { name: 'ById', partitionKey: 'id' },
      { name: 'ByOwner', partitionKey: 'owner', sortKey: 'createdAt' },
    ],
  },
} as const satisfies Record<string, TableDefinition>;

export type TableRole = keyof typeof TABLE_DEFINITIONS;
