import { CfnOutput, RemovalPolicy, Size, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  ApiKeySourceType,
  LogGroupLogDestination,
  MethodLoggingLevel,
  EndpointType,
  LambdaIntegration,
  SecurityPolicy,
  MockIntegration,
  PassthroughBehavior,
  Period,
  ResponseType,
  RestApi,
  type IResource,
  type UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, LogGroupClass, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayDomain } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import type { CustomDomain } from '../deploy-options';
import {
  ALLOW_HEADER,
  ALLOWED_METHODS,
  ERRORS,
  JSON_CONTENT_TYPE,
  MIN_COMPRESSION_BYTES,
  ROUTE_TABLE,
  errorBody,
  operationsAt,
  pathParametersOf,
  resourcesServedBy,
  type ErrorKind,
  type FunctionRole,
  type Limits,
} from '../../lambda/contract';

export interface NamedayApiProps {
  listingFunction: IFunction;
  searchFunction: IFunction;
  limits: Limits;
  /** @default 'prod' */
  stageName?: string;
  /** @default none: the API is reached on its execute-api URL */
  customDomain?: CustomDomain;
}

/**
 * One invoke permission per function and API instead of two per method: Lambda keeps every permission
 * in one resource policy of at most 20 KB, which a permission per method and route outgrows (the
 * preflight test resolves it). The function answers only the routes it is integrated with, whatever
 * the source ARN.
 */
export const ONE_PERMISSION_PER_API = { scopePermissionToMethod: false } as const;

const JSON_HEADERS = { 'Content-Type': `'${JSON_CONTENT_TYPE}'` };

const errorTemplate = (kind: ErrorKind) => ({ 'application/json': JSON.stringify(errorBody(kind)) });

/**
 * The REST API: the contract's routes, an API key on every method, the free and paid usage
 * plans, and gateway responses that answer in the spec's error body.
 */
export class NamedayApi extends Construct {
  readonly api: RestApi;
  readonly freePlan: UsagePlan;
  readonly paidPlan: UsagePlan;
  /** The stage's name as written, not a reference to the stage resource. */
  readonly stageName: string;
  /** The base URL customers use: the custom domain's when there is one, else the stage's. Ends in a slash. */
  readonly publicUrl: string;

  constructor(scope: Construct, id: string, props: NamedayApiProps) {
    super(scope, id);
    this.stageName = props.stageName ?? 'prod';
    // Read when investigating, never turned into metrics: the infrequent-access class at half the price.
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      logGroupClass: LogGroupClass.INFREQUENT_ACCESS,
    });
    this.api = new RestApi(this, 'RestApi', {
      restApiName: 'nameday-api',
      description: 'Name day calendars and name search',
      apiKeySourceType: ApiKeySourceType.HEADER,
      minCompressionSize: Size.bytes(MIN_COMPRESSION_BYTES),
      deployOptions: {
        stageName: this.stageName,
        metricsEnabled: true,
        tracingEnabled: true,
        // Errors only: the functions log every request once; API Gateway's own line per request is the access log.
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        // The key's id, never its value; no query string, no headers.
        accessLogFormat: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTimeEpoch',
            method: '$context.httpMethod',
            resource: '$context.resourcePath',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            apiKeyId: '$context.identity.apiKeyId',
          }),
        ),
      },
      defaultMethodOptions: { apiKeyRequired: true },
      // Execution logging needs the account's API Gateway CloudWatch role.
      cloudWatchRole: true,
    });
    // No method takes a body; validating bodies too costs nothing and leaves no method unchecked.
    const queryValidator = this.api.addRequestValidator('RequestValidator', {
      validateRequestParameters: true,
      validateRequestBody: true,
    });
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-APIG4',
        reason:
          "Name day calls authenticate with API keys on usage plans (the product's contract), checked by API Gateway and counted by the functions.",
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason: "API Gateway's account-wide logging role: AWS's managed policy is the documented one for it.",
      },
      {
        id: 'AwsSolutions::AwsSolutions-APIG3',
        reason:
          'Abuse is bounded per key by usage plans and exact per-key counters; a WAF web ACL (about $0.60 per million requests) can be associated with the stage when abuse by address appears.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG4',
        reason:
          "Name day calls are made by customers' servers with API keys, not by signed-in users: there is no user pool to authorize them.",
      },
    );

    const integrations: Record<FunctionRole, LambdaIntegration> = {
      listing: new LambdaIntegration(props.listingFunction, ONE_PERMISSION_PER_API),
      search: new LambdaIntegration(props.searchFunction, ONE_PERMISSION_PER_API),
    };
    // The route table's name day paths, each answered by the function the table names.
    for (const role of Object.keys(integrations) as FunctionRole[]) {
      for (const path of resourcesServedBy(role)) {
        const resource = this.api.root.resourceForPath(path);
        const operations = operationsAt(path).map((operation) => ROUTE_TABLE[operation]);
        for (const route of operations) {
          // An explicit HEAD method takes precedence over ANY, so HEAD reaches the function like GET.
          for (const method of ALLOWED_METHODS) {
            resource.addMethod(method, integrations[role], {
              // A feed's token is its credential, checked and counted by the function.
              apiKeyRequired: route.authorization === 'api-key',
              requestValidator: queryValidator,
              requestParameters: Object.fromEntries<boolean>([
                ...route.query.map((name): [string, boolean] => [`method.request.querystring.${name}`, false]),
                ...pathParametersOf(path).map((name): [string, boolean] => [`method.request.path.${name}`, true]),
              ]),
            });
          }
        }
        this.addMethodNotAllowed(
          resource,
          operations.some((route) => route.authorization === 'api-key'),
        );
      }
    }

    this.addGatewayResponses();
    this.addExecutionLogs();
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

    this.publicUrl = props.customDomain ? this.addCustomDomain(props.customDomain) : this.api.url;
    new CfnOutput(this, 'ApiUrl', { value: this.publicUrl, description: 'Base URL of the API' });
    new CfnOutput(this, 'FreeUsagePlanId', { value: this.freePlan.usagePlanId });
    new CfnOutput(this, 'PaidUsagePlanId', { value: this.paidPlan.usagePlanId });
  }

  /** Any method but GET and HEAD on a known path answers 405 with `Allow: GET, HEAD`, after the key check. */
  private addMethodNotAllowed(resource: IResource, apiKeyRequired: boolean): void {
    resource.addMethod(
      'ANY',
      new MockIntegration({
        passthroughBehavior: PassthroughBehavior.NEVER,
        requestTemplates: { 'application/json': `{"statusCode": ${ERRORS.methodNotAllowed.status}}` },
        integrationResponses: [
          {
            statusCode: String(ERRORS.methodNotAllowed.status),
            responseTemplates: errorTemplate('methodNotAllowed'),
            responseParameters: {
              'method.response.header.Allow': `'${ALLOW_HEADER}'`,
              'method.response.header.Content-Type': JSON_HEADERS['Content-Type'],
            },
          },
        ],
      }),
      {
        apiKeyRequired,
        methodResponses: [
          {
            statusCode: String(ERRORS.methodNotAllowed.status),
            responseParameters: { 'method.response.header.Allow': true, 'method.response.header.Content-Type': true },
          },
        ],
      },
    );
  }

  /**
   * The stage at the root of the operator's domain, on a regional custom domain (its certificate in the
   * stack's region; API Gateway maps a regional domain to an edge-optimized API too), with an alias
   * record when the domain's hosted zone is given.
   */
  private addCustomDomain(custom: CustomDomain): string {
    const domain = this.api.addDomainName('CustomDomain', {
      domainName: custom.domainName,
      certificate: Certificate.fromCertificateArn(this, 'Certificate', custom.certificateArn),
      endpointType: EndpointType.REGIONAL,
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    if (custom.hostedZoneId) {
      new ARecord(this, 'CustomDomainAlias', {
        zone: HostedZone.fromHostedZoneId(this, 'HostedZone', custom.hostedZoneId),
        // Fully qualified, so the imported zone's name is not needed.
        recordName: `${custom.domainName}.`,
        target: RecordTarget.fromAlias(new ApiGatewayDomain(domain)),
      });
    }
    return `https://${custom.domainName}/`;
  }

  /**
   * API Gateway writes execution logs to a group it names after the API and stage and creates on first
   * write, with no retention: created here first, with one, so errors are not kept (and paid for) forever.
   */
  private addExecutionLogs(): void {
    const executionLogs = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.api.restApiId}/${this.stageName}`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.api.deploymentStage.node.addDependency(executionLogs);
  }

  private addGatewayResponses(): void {
    const responses: Array<[string, ResponseType, ErrorKind, Record<string, string>?]> = [
      ['InvalidApiKey', ResponseType.INVALID_API_KEY, 'unauthorized'],
      ['QuotaExceeded', ResponseType.QUOTA_EXCEEDED, 'quotaExceeded'],
      ['Throttled', ResponseType.THROTTLED, 'rateLimited', { 'Retry-After': "'60'" }],
      ['RouteNotFound', ResponseType.MISSING_AUTHENTICATION_TOKEN, 'routeNotFound'],
      ['Default5xx', ResponseType.DEFAULT_5XX, 'internal'],
    ];
    for (const [id, type, kind, headers] of responses) {
      this.api.addGatewayResponse(id, {
        type,
        statusCode: String(ERRORS[kind].status),
        templates: errorTemplate(kind),
        responseHeaders: { ...JSON_HEADERS, ...headers },
      });
    }
  }
}
