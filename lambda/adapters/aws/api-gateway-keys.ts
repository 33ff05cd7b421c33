import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteUsagePlanKeyCommand,
  GetUsagePlansCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';
import { TIERS, type Tier } from '../../core/access/api-keys';
import type { GatewayKeys } from '../../core/access/key-admin';

/** Keeps API Gateway's copy of each key: created with the key's value and attached to its tier's plan. */
export class ApiGatewayKeys implements GatewayKeys {
  private readonly usagePlanIds: () => Promise<Readonly<Record<Tier, string>>>;

  /** The plans' ids, or a way to find them when first needed (the portal looks them up by stage). */
  constructor(
    private readonly client: APIGatewayClient,
    usagePlanIds: Readonly<Record<Tier, string>> | (() => Promise<Readonly<Record<Tier, string>>>),
  ) {
    this.usagePlanIds = typeof usagePlanIds === 'function' ? usagePlanIds : () => Promise.resolve(usagePlanIds);
  }

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
      new CreateUsagePlanKeyCommand({
        usagePlanId: (await this.usagePlanIds())[input.tier],
        keyId: created.id,
        keyType: 'API_KEY',
      }),
    );
    return created.id;
  }

  /** Joins the new plan before leaving the old one, so the key is never on no plan (API Gateway would refuse it). */
  async changePlan(gatewayKeyId: string, from: Tier, to: Tier): Promise<void> {
    const plans = await this.usagePlanIds();
    await this.client.send(new CreateUsagePlanKeyCommand({ usagePlanId: plans[to], keyId: gatewayKeyId, keyType: 'API_KEY' }));
    await this.client.send(new DeleteUsagePlanKeyCommand({ usagePlanId: plans[from], keyId: gatewayKeyId }));
  }

  async disable(gatewayKeyId: string): Promise<void> {
    await this.client.send(
      new UpdateApiKeyCommand({ apiKey: gatewayKeyId, patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] }),
    );
  }
}

/**
 * The usage plans of an API stage, by tier (plans are named after their tier). The portal function
 * looks them up rather than being given their ids: a plan depends on the stage, the stage on the
 * portal's methods, and those on the function, so ids in its configuration would close a circle.
 */
export const usagePlansOfStage = (
  client: APIGatewayClient,
  restApiId: string,
  stage: string,
): (() => Promise<Readonly<Record<Tier, string>>>) => {
  let found: Promise<Record<Tier, string>> | undefined;
  return () => {
    found ??= (async () => {
      const plans = (await client.send(new GetUsagePlansCommand({ limit: 500 }))).items ?? [];
      const ofStage = plans.filter((plan) => plan.apiStages?.some((entry) => entry.apiId === restApiId && entry.stage === stage));
      const ids = Object.fromEntries(TIERS.map((tier) => [tier, ofStage.find((plan) => plan.name === tier)?.id]));
      if (TIERS.some((tier) => !ids[tier])) throw new Error(`No ${TIERS.join(' and ')} usage plans on ${restApiId}/${stage}`);
      return ids as Record<Tier, string>;
    })().catch((error: unknown) => {
      found = undefined;
      throw error;
    });
    return found;
  };
};
