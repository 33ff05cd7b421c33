import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDbApiKeyRepository } from '../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { KeyAdmin } from '../../lambda/core/access/key-admin';
import { LOCAL_CLIENT_CONFIG, LOCAL_TABLE_NAMES, startEmbeddedStore } from '../../local/embedded-store';

describe('the embedded store of an older version', () => {
  it('gains the indexes added since (the keys table without ByOwner), and finds keys by owner', async () => {
    const path = mkdtempSync(join(tmpdir(), 'nameday-old-store-'));
    try {
      // The keys table as the versions before the dashboard made it: the ById index alone.
      const old = dynalite({ path, createTableMs: 0 });
      await new Promise<void>((resolve) => old.listen(0, '127.0.0.1', () => resolve()));
      const raw = new DynamoDBClient({
        ...LOCAL_CLIENT_CONFIG,
        endpoint: `http://127.0.0.1:${(old.address() as AddressInfo).port}`,
      });
      await raw.send(
        new CreateTableCommand({
          TableName: LOCAL_TABLE_NAMES.apiKeys,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [
            { AttributeName: 'keyHash', AttributeType: 'S' },
            { AttributeName: 'id', AttributeType: 'S' },
          ],
          KeySchema: [{ AttributeName: 'keyHash', KeyType: 'HASH' }],
          GlobalSecondaryIndexes: [
            { IndexName: 'ById', KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
          ],
        }),
      );
      // dynalite makes a new table ACTIVE on a timer, even at 0 ms: a write before it finds no table.
      await waitUntilTableExists(
        { client: raw, maxWaitTime: 10, minDelay: 0.05, maxDelay: 0.2 },
        { TableName: LOCAL_TABLE_NAMES.apiKeys },
      );
      await raw.send(
        new PutItemCommand({
          TableName: LOCAL_TABLE_NAMES.apiKeys,
          Item: { keyHash: { S: 'a'.repeat(64) }, id: { S: 'key_aaaaaaaaaaaa' }, tier: { S: 'paid' }, status: { S: 'active' } },
        }),
      );
      raw.destroy();
      await new Promise<void>((resolve) => old.close(() => resolve()));

      const store = await startEmbeddedStore({ path });
      try {
        const described = new DynamoDBClient({ ...LOCAL_CLIENT_CONFIG, endpoint: store.endpoint });
        const { Table } = await described.send(new DescribeTableCommand({ TableName: LOCAL_TABLE_NAMES.apiKeys }));
        described.destroy();
        expect((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort()).toEqual(['ById', 'ByOwner']);
        const repository = new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys);
        // The keys made before the upgrade are still there.
        expect(await repository.findByHash('a'.repeat(64))).toMatchObject({ id: 'key_aaaaaaaaaaaa', tier: 'paid' });
        expect(existsSync(join(path, `rebuild-${LOCAL_TABLE_NAMES.apiKeys}.json`))).toBe(false);
        const admin = new KeyAdmin(repository, {
          now: () => new Date('2026-11-25T10:00:00Z'),
        });
        const { id } = await admin.create('free', 'after the upgrade', 'account-1');
        expect((await repository.listOwned('account-1')).keys.map((key) => key.id)).toEqual([id]);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(path, { recursive: true, force: true });
    }
  });
});
