/** Physical names of the service's tables, as the stack or the local store created them. */
export interface TableNames {
  namedays: string;
  nameIndex: string;
  apiKeys: string;
}
