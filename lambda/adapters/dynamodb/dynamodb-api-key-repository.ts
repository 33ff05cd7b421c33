import { GetCommand, PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ApiKeyRecord } from '../../core/api-keys';
import { guardStoreCall } from './store-errors';

export class DynamoDbApiKeyRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const result = await guardStoreCall(() =>
      this.client.send(new GetCommand({ TableName: this.tableName, Key: { keyHash }, ConsistentRead: true })),
    );
    return result.Item as ApiKeyRecord | undefined;
  }

  /** Stores a key unless its hash is already there; true when this call created it. */
  async createIfAbsent(record: ApiKeyRecord): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: record,
          ConditionExpression: 'attribute_not_exists(keyHash)',
        }),
      );
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async hasAnyKey(): Promise<boolean> {
    const result = await this.client.send(
      new ScanCommand({ TableName: this.tableName, Limit: 1, ProjectionExpression: 'keyHash' }),
    );
    return (result.Items ?? []).length > 0;
  }
}
