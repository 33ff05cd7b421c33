import { CfnOutput, Size } from 'aws-cdk-lib';
import {
  ApiKeySourceType,
  LambdaIntegration,
  MockIntegration,
  PassthroughBehavior,
  Period,
  ResponseType,
  RestApi,
  type IResource,
  type UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { Limits } from '../../lambda/core/limits';

export interface NamedayApiProps {
  listingFunction: IFunction;
  searchFunction: IFunction;
  limits: Limits;
  /** @default 'prod' */
  stageName?: string;
}

const JSON_HEADERS = { 'Content-Type': "'application/json; charset=utf-8'" };

const errorTemplate = (statusCode: number, error: string, message: string) => ({
  'application/json': JSON.stringify({ error, message, statusCode }),
});

/** Responses compress above this size when the client accepts gzip. */
const MIN_COMPRESSION_SIZE = Size.kibibytes(1);

/**
 * The REST API: the routes of decisions.md, an API key on every method, the free and paid usage
 * plans, and gateway responses that answer in the spec's error body.
 */
export class NamedayApi extends Construct {
  readonly api: RestApi;
  readonly freePlan: UsagePlan;
  readonly paidPlan: UsagePlan;

  constructor(scope: Construct, id: string, props: NamedayApiProps) {
    super(scope, id);
    this.api = new RestApi(this, 'RestApi', {
      restApiName: 'nameday-api',
      description: 'Name day calendars and name search',
      apiKeySourceType: ApiKeySourceType.HEADER,
      minCompressionSize: MIN_COMPRESSION_SIZE,
      deployOptions: { stageName: props.stageName ?? 'prod', metricsEnabled: true },
      defaultMethodOptions: { apiKeyRequired: true },
      cloudWatchRole: false,
    });

    const listing = new LambdaIntegration(props.listingFunction);
    const search = new LambdaIntegration(props.searchFunction);
    const routes: Array<[string, LambdaIntegration]> = [
      ['api/v1/namedays', listing],
      ['api/namedays', listing],
      ['api/v1/calendars', listing],
      ['api/search', search],
      ['api/v1/search', search],
    ];
    for (const [path, integration] of routes) {
      const resource = this.api.root.resourceForPath(path);
      resource.addMethod('GET', integration);
      this.addMethodNotAllowed(resource);
    }

    this.addGatewayResponses();
    const stageLimits = { throttle: { rateLimit: props.limits.ratePerMinute / 60, burstLimit: props.limits.ratePerMinute } };
    const apiStages = [{ api: this.api, stage: this.api.deploymentStage }];
    this.freePlan = this.api.addUsagePlan('FreeUsagePlan', {
      name: 'free',
      description: `${props.limits.ratePerMinute} requests per minute, ${props.limits.freeMonthlyQuota} calls per month`,
      ...stageLimits,
      quota: { limit: props.limits.freeMonthlyQuota, period: Period.MONTH },
      apiStages,
    });
    this.paidPlan = this.api.addUsagePlan('PaidUsagePlan', {
      name: 'paid',
      description: `${props.limits.ratePerMinute} requests per minute, no monthly quota`,
      ...stageLimits,
      apiStages,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'Base URL of the API stage' });
    new CfnOutput(this, 'FreeUsagePlanId', { value: this.freePlan.usagePlanId });
    new CfnOutput(this, 'PaidUsagePlanId', { value: this.paidPlan.usagePlanId });
  }

  /** Any method but GET on a known path answers 405 with `Allow: GET`, after the key check. */
  private addMethodNotAllowed(resource: IResource): void {
    resource.addMethod(
      'ANY',
      new MockIntegration({
        passthroughBehavior: PassthroughBehavior.NEVER,
        requestTemplates: { 'application/json': '{"statusCode": 405}' },
        integrationResponses: [
          {
            statusCode: '405',
            responseTemplates: errorTemplate(405, 'Method Not Allowed', 'Method not allowed. Use GET'),
            responseParameters: {
              'method.response.header.Allow': "'GET'",
              'method.response.header.Content-Type': JSON_HEADERS['Content-Type'],
            },
          },
        ],
      }),
      {
        methodResponses: [
          {
            statusCode: '405',
            responseParameters: { 'method.response.header.Allow': true, 'method.response.header.Content-Type': true },
          },
        ],
      },
    );
  }

  private addGatewayResponses(): void {
    const responses: Array<[string, ResponseType, number, string, string, Record<string, string>?]> = [
      ['InvalidApiKey', ResponseType.INVALID_API_KEY, 401, 'Unauthorized', 'Invalid or missing API key'],
      ['QuotaExceeded', ResponseType.QUOTA_EXCEEDED, 402, 'Payment Required', 'Monthly quota exceeded. Please upgrade your plan.'],
      ['Throttled', ResponseType.THROTTLED, 429, 'Too Many Requests', 'Rate limit exceeded. Retry after 60 seconds.', { 'Retry-After': "'60'" }],
      ['RouteNotFound', ResponseType.MISSING_AUTHENTICATION_TOKEN, 404, 'Not Found', 'Route not found'],
      ['Default5xx', ResponseType.DEFAULT_5XX, 500, 'Internal Server Error', 'Internal server error'],
    ];
    for (const [id, type, statusCode, error, message, headers] of responses) {
      this.api.addGatewayResponse(id, {
        type,
        statusCode: String(statusCode),
        templates: errorTemplate(statusCode, error, message),
        responseHeaders: { ...JSON_HEADERS, ...headers },
      });
    }
  }
}
