import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteUsagePlanKeyCommand,
  GetUsagePlansCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ApiGatewayKeys, usagePlansOfStage } from '../../../../lambda/adapters/aws/api-gateway-keys';
import { describeDeployedStack } from '../../../../lambda/adapters/aws/stack-outputs';
import { parseArgs, runKeysCommand, UsageError } from '../../../../lambda/adapters/cli/keys-command';
import { DynamoDbApiKeyRepository } from '../../../../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import { Admission } from '../../../../lambda/core/access/admission';
import { UnauthorizedError } from '../../../../lambda/core/shared/errors';
import { KeyAdmin, KeyNotFoundError } from '../../../../lambda/core/access/key-admin';
import { startEmbeddedStore, type EmbeddedStore } from '../../../../local/embedded-store';

const clock = { now: () => new Date('2026-11-21T10:00:00Z') };
const limits = { ratePerMinute: 60, freeMonthlyQuota: 1000 };
let store: EmbeddedStore;
let repository: DynamoDbApiKeyRepository;

beforeEach(async () => {
  store = await startEmbeddedStore();
  repository = new DynamoDbApiKeyRepository(store.client, store.tables.apiKeys);
});
afterEach(() => store.close());

const storedItems = async () => (await store.client.send(new ScanCommand({ TableName: store.tables.apiKeys }))).Items ?? [];

describe('KeyAdmin on the local store', () => {
  it('creates a key of the documented shape, stored only as its SHA-256 hash', async () => {
    const admin = new KeyAdmin(repository, clock);
    const { id, key } = await admin.create('free', 'mobile app');
    expect(key).toMatch(/^nd_live_[0-9a-f]{32}$/);
    const items = await storedItems();
    expect(items).toHaveLength(1);
    expect(JSON.stringify(items)).not.toContain(key.slice(8));
    expect(items[0]).toMatchObject({ id, tier: 'free', status: 'active', label: 'mobile app' });
    expect(items[0]?.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists id, label, tier, status, created and this month’s usage, never a key or hash', async () => {
    const admin = new KeyAdmin(repository, clock);
    const { key } = await admin.create('free', 'web');
    const admission = new Admission(repository, limits, clock);
    await admission.admit(key);
    await admission.admit(key);
    const listed = await admin.list();
    expect(listed).toEqual([
      {
        id: expect.stringMatching(/^key_/),
        label: 'web',
        tier: 'free',
        status: 'active',
        created: '2026-11-21T10:00:00.000Z',
        usageThisMonth: 2,
      },
    ]);
    const printed = await runKeysCommand(parseArgs(['list']), admin);
    expect(printed).toContain('USAGE THIS MONTH');
    expect(printed).not.toContain(key.slice(8));
    expect(printed).not.toMatch(/[0-9a-f]{64}/);
  });

  it('revokes a key so that its next request is refused with 401', async () => {
    const admin = new KeyAdmin(repository, clock);
    const { id, key } = await admin.create('paid');
    const admission = new Admission(repository, limits, clock);
    await admission.admit(key);
    await admin.revoke(id);
    await expect(admission.admit(key)).rejects.toBeInstanceOf(UnauthorizedError);
    expect((await admin.list())[0]?.status).toBe('revoked');
  });

  it('rotates: a new key with the same tier and label, the old one valid until revoked', async () => {
    const admin = new KeyAdmin(repository, clock);
    const old = await admin.create('paid', 'backend');
    const rotated = await admin.rotate(old.id);
    expect(rotated.replaces).toBe(old.id);
    const admission = new Admission(repository, limits, clock);
    await admission.admit(old.key);
    await admission.admit(rotated.key);
    const listed = await admin.list();
    expect(listed.map((key) => [key.tier, key.label, key.status])).toEqual([
      ['paid', 'backend', 'active'],
      ['paid', 'backend', 'active'],
    ]);
    await admin.revoke(old.id);
    await expect(admission.admit(old.key)).rejects.toBeInstanceOf(UnauthorizedError);
    await admission.admit(rotated.key);
  });

  it('provisions a given key once, however often it is asked', async () => {
    const admin = new KeyAdmin(repository, clock);
    const key = 'nd_live_1234567890abcdef1234567890abcdef';
    expect(await admin.provision(key, 'free')).toBe(true);
    expect(await admin.provision(key, 'free')).toBe(false);
    expect(await storedItems()).toHaveLength(1);
  });

  it("changes a key's tier for the operator: the next request is counted on the new tier", async () => {
    const admin = new KeyAdmin(repository, clock);
    const { id, key } = await admin.create('free', undefined, 'account-1');
    await admin.setTier(id, 'paid');
    expect((await storedItems()).find((item) => item.id === id)).toMatchObject({
      tier: 'paid',
      owner: 'account-1',
      lastFour: key.slice(-4),
    });
    expect((await repository.listOwned('account-1')).keys.map((owned) => owned.tier)).toEqual(['paid']);
    await expect(admin.setTier('key_nope', 'paid')).rejects.toBeInstanceOf(KeyNotFoundError);
  });

  it("keeps an account's keys to its own: another account's id is not found", async () => {
    const admin = new KeyAdmin(repository, clock);
    const { id } = await admin.create('free', 'mine', 'account-1');
    await expect(admin.revoke(id, 'account-2')).rejects.toBeInstanceOf(KeyNotFoundError);
    await expect(admin.rotate(id, 'account-2')).rejects.toBeInstanceOf(KeyNotFoundError);
    expect(await repository.listOwned('account-2')).toEqual({ keys: [], feeds: [] });
    const rotated = await admin.rotate(id, 'account-1');
    // One fixed clock: both keys have the same creation time, so compare them as a set.
    expect((await repository.listOwned('account-1')).keys.map((owned) => `${owned.id} ${owned.label ?? ''}`).sort()).toEqual(
      [`${id} mine`, `${rotated.id} mine`].sort(),
    );
  });

  it('says which id it does not know', async () => {
    const admin = new KeyAdmin(repository, clock);
    await expect(admin.revoke('key_nope')).rejects.toBeInstanceOf(KeyNotFoundError);
    await expect(admin.rotate('key_nope')).rejects.toBeInstanceOf(KeyNotFoundError);
  });
});

describe('KeyAdmin on a deployed stack (API Gateway mocked)', () => {
  const gatewayMock = mockClient(APIGatewayClient);
  beforeEach(() => gatewayMock.reset());
  const gatewayKeys = () =>
    new ApiGatewayKeys(new APIGatewayClient({ region: 'eu-central-1' }), { free: 'plan-free', paid: 'plan-paid' });

  it('creates the API Gateway key with the same value and attaches it to the tier’s usage plan', async () => {
    gatewayMock.on(CreateApiKeyCommand).resolves({ id: 'gw-123' });
    gatewayMock.on(CreateUsagePlanKeyCommand).resolves({});
    const admin = new KeyAdmin(repository, clock, gatewayKeys());
    const { id, key } = await admin.create('paid', 'partner');
    expect(gatewayMock.commandCalls(CreateApiKeyCommand)[0]?.args[0].input).toMatchObject({
      name: id,
      value: key,
      enabled: true,
    });
    expect(gatewayMock.commandCalls(CreateUsagePlanKeyCommand)[0]?.args[0].input).toEqual({
      usagePlanId: 'plan-paid',
      keyId: 'gw-123',
      keyType: 'API_KEY',
    });
    expect((await storedItems())[0]).toMatchObject({ gatewayKeyId: 'gw-123' });
  });

  it('moves the API Gateway key to the new tier’s plan, joining it before leaving the old one', async () => {
    gatewayMock.on(CreateApiKeyCommand).resolves({ id: 'gw-7' });
    gatewayMock.on(CreateUsagePlanKeyCommand).resolves({});
    gatewayMock.on(DeleteUsagePlanKeyCommand).resolves({});
    const admin = new KeyAdmin(repository, clock, gatewayKeys());
    const { id } = await admin.create('free');
    await admin.setTier(id, 'paid');
    expect(gatewayMock.commandCalls(CreateUsagePlanKeyCommand)[1]?.args[0].input).toEqual({
      usagePlanId: 'plan-paid',
      keyId: 'gw-7',
      keyType: 'API_KEY',
    });
    expect(gatewayMock.commandCalls(DeleteUsagePlanKeyCommand)[0]?.args[0].input).toEqual({
      usagePlanId: 'plan-free',
      keyId: 'gw-7',
    });
  });

  it("finds the stage's plans by tier name for the portal, once, ignoring other APIs' plans", async () => {
    gatewayMock.on(GetUsagePlansCommand).resolves({
      items: [
        { id: 'other-free', name: 'free', apiStages: [{ apiId: 'other', stage: 'prod' }] },
        { id: 'p-free', name: 'free', apiStages: [{ apiId: 'api1', stage: 'prod' }] },
        { id: 'p-paid', name: 'paid', apiStages: [{ apiId: 'api1', stage: 'prod' }] },
      ],
    });
    const plans = usagePlansOfStage(new APIGatewayClient({ region: 'eu-central-1' }), 'api1', 'prod');
    expect(await plans()).toEqual({ free: 'p-free', paid: 'p-paid' });
    expect(await plans()).toEqual({ free: 'p-free', paid: 'p-paid' });
    expect(gatewayMock.commandCalls(GetUsagePlansCommand)).toHaveLength(1);
    await expect(usagePlansOfStage(new APIGatewayClient({ region: 'eu-central-1' }), 'api2', 'prod')()).rejects.toThrow(
      'No free and paid usage plans on api2/prod',
    );
  });

  it('disables the API Gateway key on revoke', async () => {
    gatewayMock.on(CreateApiKeyCommand).resolves({ id: 'gw-9' });
    gatewayMock.on(CreateUsagePlanKeyCommand).resolves({});
    gatewayMock.on(UpdateApiKeyCommand).resolves({});
    const admin = new KeyAdmin(repository, clock, gatewayKeys());
    const { id } = await admin.create('free');
    await admin.revoke(id);
    expect(gatewayMock.commandCalls(UpdateApiKeyCommand)[0]?.args[0].input).toEqual({
      apiKey: 'gw-9',
      patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }],
    });
  });

  it('leaves no usable key behind when API Gateway refuses it', async () => {
    gatewayMock.on(CreateApiKeyCommand).rejects(new Error('LimitExceeded'));
    const admin = new KeyAdmin(repository, clock, gatewayKeys());
    await expect(admin.create('free')).rejects.toThrow('LimitExceeded');
    expect((await storedItems())[0]).toMatchObject({ status: 'revoked' });
  });

  it('reads the table and usage plans from the stack’s outputs', async () => {
    const cloudFormation = mockClient(CloudFormationClient);
    cloudFormation.on(DescribeStacksCommand).resolves({
      Stacks: [
        {
          StackName: 'NamedayStack',
          CreationTime: new Date(),
          StackStatus: 'CREATE_COMPLETE',
          Outputs: [
            { OutputKey: 'ApiKeysTableName', OutputValue: 'NamedayStack-ApiKeys' },
            { OutputKey: 'ApiFreeUsagePlanId1A2B3C', OutputValue: 'free-id' },
            { OutputKey: 'ApiPaidUsagePlanId4D5E6F', OutputValue: 'paid-id' },
            { OutputKey: 'ApiApiUrl7A8B9C', OutputValue: 'https://abc.execute-api.eu-central-1.amazonaws.com/prod/' },
          ],
        },
      ],
    });
    expect(await describeDeployedStack(new CloudFormationClient({ region: 'eu-central-1' }), 'NamedayStack')).toEqual({
      apiKeysTable: 'NamedayStack-ApiKeys',
      freeUsagePlanId: 'free-id',
      paidUsagePlanId: 'paid-id',
      apiUrl: 'https://abc.execute-api.eu-central-1.amazonaws.com/prod/',
    });
    cloudFormation.restore();
  });
});

describe('the keys command', () => {
  it('parses options and positional words in any order', () => {
    expect(parseArgs(['create', '--tier', 'free', '--label', 'my app'])).toEqual({
      command: 'create',
      positional: [],
      options: { tier: 'free', label: 'my app' },
    });
    expect(parseArgs(['--stack', 'S', 'revoke', 'key_1'])).toEqual({
      command: 'revoke',
      positional: ['key_1'],
      options: { stack: 'S' },
    });
    expect(() => parseArgs(['create', '--tier'])).toThrow(UsageError);
  });

  it.each([[['create']], [['create', '--tier', 'gold']], [['revoke']], [['rotate']], [['launch']], [[]]])(
    'refuses %j with a usage error',
    async (argv) => {
      await expect(runKeysCommand(parseArgs(argv), new KeyAdmin(repository, clock))).rejects.toBeInstanceOf(UsageError);
    },
  );

  it('prints a created key once, with its id', async () => {
    const printed = await runKeysCommand(parseArgs(['create', '--tier', 'free']), new KeyAdmin(repository, clock));
    expect(printed).toMatch(/^Created key_[0-9a-f]{12} \(free\)\..*\nnd_live_[0-9a-f]{32}$/s);
  });
});
