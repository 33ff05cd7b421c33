import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';
import type { Tier } from '../../core/access/api-keys';
import type { GatewayKeys } from '../../core/access/key-admin';

/** Keeps API Gateway's copy of each key: created with the key's value and attached to its tier's plan. */
export class ApiGatewayKeys implements GatewayKeys {
  constructor(
    private readonly client: APIGatewayClient,
    private readonly usagePlanIds: Readonly<Record<Tier, string>>,
  ) {}

  async create(input: { id: string; value: string; tier: Tier; label?: string }): Promise<string> {
    const created = await this.client.send(
      new CreateApiKeyCommand({
        name: input.id,
        value: input.value,
        enabled: true,
        description: input.label ? `${input.tier}: ${input.label}` : input.tier,
      }),
    );
    if (!created.id) throw new Error('API Gateway returned no key id');
    await this.client.send(
      new CreateUsagePlanKeyCommand({ usagePlanId: this.usagePlanIds[input.tier], keyId: created.id, keyType: 'API_KEY' }),
    );
    return created.id;
  }

  async disable(gatewayKeyId: string): Promise<void> {
    await this.client.send(
      new UpdateApiKeyCommand({ apiKey: gatewayKeyId, patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] }),
    );
  }
}
