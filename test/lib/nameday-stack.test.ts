import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NamedayStack } from '../../lib/nameday-stack';
import { getEvent } from '../support/events';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const template = Template.fromStack(new NamedayStack(app, 'TestStack'));

const errorBody = (statusCode: number, error: string, message: string) => JSON.stringify({ error, message, statusCode });

/** The portal function's logical id: the function given the user pool. */
const portalFunctionId = (): string => {
  const found = Object.entries(template.findResources('AWS::Lambda::Function')).find(
    ([, fn]) => fn.Properties.Environment?.Variables?.USER_POOL_ID !== undefined,
  );
  if (!found) throw new Error('no portal function');
  return found[0];
};
/** A method whose integration calls the function (its logical id appears nowhere else in a method). */
const integrates = (method: object, functionId: string) => JSON.stringify(method).includes(`"${functionId}"`);
const apiMethods = () =>
  Object.values(template.findResources('AWS::ApiGateway::Method')).filter((method) => !integrates(method, portalFunctionId()));
const portalMethods = () =>
  Object.values(template.findResources('AWS::ApiGateway::Method')).filter((method) => integrates(method, portalFunctionId()));

describe('NamedayStack', () => {
  it("creates the API resources of the contract's routes", () => {
    const paths = Object.values(template.findResources('AWS::ApiGateway::Resource')).map(
      (resource) => resource.Properties.PathPart,
    );
    for (const part of ['api', 'v1', 'namedays', 'search', 'calendars']) expect(paths).toContain(part);
  });

  it('requires an API key on every name day method but the feeds, whose token is their credential', () => {
    const all = apiMethods();
    expect(all.length).toBe(21);
    const feedResources = Object.entries(template.findResources('AWS::ApiGateway::Resource'))
      .filter(([, resource]) => String(resource.Properties.PathPart).endsWith('.ics'))
      .map(([id]) => id);
    const onFeed = (method: (typeof all)[number]) => feedResources.includes(method.Properties.ResourceId?.Ref);
    const methods = all.filter((method) => !onFeed(method));
    expect(methods.length).toBe(15);
    for (const method of methods) expect(method.Properties.ApiKeyRequired).toBe(true);
    expect(methods.filter((method) => method.Properties.HttpMethod === 'GET')).toHaveLength(5);
    expect(methods.filter((method) => method.Properties.HttpMethod === 'HEAD')).toHaveLength(5);
    const feeds = all.filter(onFeed);
    expect(feeds).toHaveLength(6);
    for (const method of feeds) expect(method.Properties.ApiKeyRequired).toBe(false);
  });

  it('reads the API key from the x-api-key header and compresses large responses', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      ApiKeySourceType: 'HEADER',
      MinimumCompressionSize: 1024,
    });
  });

  it('has a free usage plan with a monthly quota of 1,000 and a paid plan without quota, both throttled near 60 a minute', () => {
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'free',
      Quota: { Limit: 1000, Period: 'MONTH' },
      Throttle: { RateLimit: 1, BurstLimit: 60 },
      ApiStages: Match.arrayWith([Match.objectLike({ Stage: Match.anyValue() })]),
    });
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'paid',
      Quota: Match.absent(),
      Throttle: { RateLimit: 1, BurstLimit: 60 },
    });
  });

  it.each([
    ['INVALID_API_KEY', '401', errorBody(401, 'Unauthorized', 'Invalid or missing API key')],
    ['QUOTA_EXCEEDED', '402', errorBody(402, 'Payment Required', 'Monthly quota exceeded. Please upgrade your plan.')],
    ['THROTTLED', '429', errorBody(429, 'Too Many Requests', 'Rate limit exceeded. Retry after 60 seconds.')],
    ['MISSING_AUTHENTICATION_TOKEN', '404', errorBody(404, 'Not Found', 'Route not found')],
    ['DEFAULT_5XX', '500', errorBody(500, 'Internal Server Error', 'Internal server error')],
  ])('maps the %s gateway response to %s with the spec error body', (type, status, body) => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: type,
      StatusCode: status,
      ResponseTemplates: { 'application/json': body },
    });
  });

  it('sends Retry-After: 60 with a throttled response', () => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'THROTTLED',
      ResponseParameters: Match.objectLike({ 'gatewayresponse.header.Retry-After': "'60'" }),
    });
  });

  it('answers other methods with a 405 mock that sets Allow: GET, HEAD', () => {
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'ANY',
      Integration: Match.objectLike({
        Type: 'MOCK',
        IntegrationResponses: [
          Match.objectLike({
            StatusCode: '405',
            ResponseParameters: Match.objectLike({ 'method.response.header.Allow': "'GET, HEAD'" }),
          }),
        ],
      }),
    });
  });

  it('creates on-demand tables: name days keyed by country and date with a month index, name index, keys with their usage', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 3);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'ByMonth' })],
    });
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'keyHash', KeyType: 'HASH' }],
      GlobalSecondaryIndexes: [
        Match.objectLike({ IndexName: 'ById' }),
        Match.objectLike({
          IndexName: 'ByOwner',
          KeySchema: [
            { AttributeName: 'owner', KeyType: 'HASH' },
            { AttributeName: 'createdAt', KeyType: 'RANGE' },
          ],
        }),
      ],
    });
  });

  it('runs the two API functions on the newest Node.js runtime, traced, with source maps', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (resource) => resource.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === 'nameday-api',
    );
    expect(functions).toHaveLength(2);
    for (const fn of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs24.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('grants the API functions read actions on data, and on keys only what counting needs', () => {
    const policies = Object.entries(template.findResources('AWS::IAM::Policy')).filter(([id]) =>
      /^(ListingFunction|SearchFunction)/.test(id),
    );
    expect(policies).toHaveLength(2);
    for (const [, policy] of policies) {
      const actions = policy.Properties.PolicyDocument.Statement.flatMap((statement: { Action: string | string[] }) =>
        [statement.Action].flat(),
      );
      expect(actions.length).toBeGreaterThan(0);
      for (const action of actions)
        expect(action).toMatch(
          /^(dynamodb:(Query|GetItem|UpdateItem)|logs:(CreateLogStream|PutLogEvents)|xray:(PutTraceSegments|PutTelemetryRecords))$/,
        );
      const indexResources = JSON.stringify(
        policy.Properties.PolicyDocument.Statement.map((statement: { Resource: unknown }) => statement.Resource),
      );
      expect(indexResources).not.toContain('index/*');
      const writes = policy.Properties.PolicyDocument.Statement.filter((statement: { Action: string | string[] }) =>
        [statement.Action].flat().includes('dynamodb:UpdateItem'),
      );
      expect(writes).toHaveLength(1);
      expect(JSON.stringify(writes[0].Resource)).toContain('ApiKeysTable');
      expect(JSON.stringify(writes[0].Resource)).not.toContain('NamedaysTable');
    }
  });

  it('lets API Gateway invoke each function through one permission for the whole API, not one per method', () => {
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).filter(
      (permission) => permission.Properties.Principal === 'apigateway.amazonaws.com',
    );
    const targets = permissions.map((permission) => JSON.stringify(permission.Properties.FunctionName));
    expect(targets).toHaveLength(3);
    expect(new Set(targets).size).toBe(3);
    for (const permission of permissions) expect(JSON.stringify(permission.Properties.SourceArn)).toContain('/*/*/*');
  });

  it('loads the calendars with a custom resource that follows the data version', () => {
    template.hasResourceProperties('Custom::CalendarData', {
      NamedaysTable: Match.anyValue(),
      NameIndexTable: Match.anyValue(),
      DataVersion: Match.stringLikeRegexp('^[0-9a-f]{16}$'),
    });
  });

  it('outputs the API URL and the usage plan ids', () => {
    const outputs = Object.keys(template.findOutputs('*'));
    for (const name of ['ApiUrl', 'FreeUsagePlanId', 'PaidUsagePlanId']) {
      expect(outputs.some((output) => output.includes(name))).toBe(true);
    }
  });
});

describe('NamedayStack customer portal', () => {
  it('has a user pool with email sign-up verified by a code and a length-only password policy', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12, RequireSymbols: false }) },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      // A forgotten password is reset with a code sent by the pool's own email sender.
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
  });

  it('gives the app client only the password sign-in the page uses: no OAuth flow, no callback URL', () => {
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    expect(client?.Properties.ExplicitAuthFlows.sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    expect(client?.Properties.AllowedOAuthFlows).toBeUndefined();
    expect(client?.Properties.AllowedOAuthFlowsUserPoolClient).not.toBe(true);
    expect(client?.Properties.CallbackURLs).toBeUndefined();
  });

  it('puts the key methods behind a Cognito authorizer and every portal method outside the API keys', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
    });
    const methods = portalMethods();
    for (const method of methods) expect(method.Properties.ApiKeyRequired).toBe(false);
    const authorized = methods.filter((method) => method.Properties.AuthorizationType === 'COGNITO_USER_POOLS');
    expect(authorized.map((method) => method.Properties.HttpMethod).sort()).toEqual([
      'DELETE',
      'DELETE',
      'GET',
      'POST',
      'POST',
      'POST',
      'POST',
      'POST',
      'PUT',
    ]);
    const open = methods.filter((method) => method.Properties.AuthorizationType === 'NONE');
    expect(open.map((method) => method.Properties.HttpMethod).sort()).toEqual([
      ...Array<string>(18).fill('ANY'),
      'GET',
      'GET',
      'GET',
      'GET',
      'GET',
      'POST',
      'POST',
      'POST',
      'POST',
      'POST',
      'POST',
    ]);
  });

  it('grants the portal function what managing keys needs on the keys table and API Gateway keys, and reads of the calendars', () => {
    const role = template.findResources('AWS::Lambda::Function')[portalFunctionId()]?.Properties.Role['Fn::GetAtt'][0];
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.Roles).includes(role),
    );
    const statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    // The calendars and the name index are read to find a people feed's names; only the keys table is written.
    expect(actions.filter((action: string) => action.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:GetItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:Query',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(actions.filter((action: string) => action.startsWith('apigateway:')).sort()).toEqual([
      'apigateway:GET',
      'apigateway:PATCH',
      'apigateway:POST',
    ]);
    expect(actions.some((action: string) => action.startsWith('cognito-idp:'))).toBe(false);
    const dynamo = statements.find((statement) => [statement.Action].flat().includes('dynamodb:PutItem'));
    expect(JSON.stringify(dynamo.Resource)).toContain('ApiKeysTable');
    expect(JSON.stringify(dynamo.Resource)).not.toMatch(/NamedaysTable|NameIndexTable/);
  });

  it('outputs the dashboard URL and the user pool', () => {
    const outputs = Object.keys(template.findOutputs('*'));
    for (const name of ['DashboardUrl', 'UserPoolId', 'UserPoolClientId']) {
      expect(outputs.some((output) => output.includes(name))).toBe(true);
    }
  });
});

describe('NamedayStack operations', () => {
  it('alarms on 5xx rate, p99 latency, function errors and throttles, table throttles and system errors, and the data loader', () => {
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    const described = alarms.map((alarm) => String(alarm.Properties.AlarmDescription).toLowerCase());
    for (const fragment of [
      '5xx',
      'p99 latency',
      'listing function failed',
      'throttled the search function',
      'apikeys table',
      'system errors',
      'data failed to load',
    ])
      expect(described.some((text) => text.includes(fragment))).toBe(true);
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toHaveLength(1);
  });

  it('publishes the alarms on an SNS topic that is a stack output, with a dashboard beside them', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const outputs = Object.keys(template.findOutputs('*'));
    expect(outputs.some((name) => name.includes('AlarmTopicArn'))).toBe(true);
    expect(outputs.some((name) => name.includes('DashboardName'))).toBe(true);
  });

  it('writes an access log without the key, logs execution errors and traces the stage', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      TracingEnabled: true,
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('apiKeyId') },
      MethodSettings: [Match.objectLike({ LoggingLevel: 'ERROR', DataTraceEnabled: false })],
    });
    const format = JSON.stringify(template.findResources('AWS::ApiGateway::Stage'));
    expect(format).not.toContain('x-api-key');
  });

  it('validates the query parameters each method declares', () => {
    template.hasResourceProperties('AWS::ApiGateway::RequestValidator', { ValidateRequestParameters: true });
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'GET',
      RequestParameters: Match.objectLike({ 'method.request.querystring.q': false }),
      RequestValidatorId: Match.anyValue(),
    });
  });
});

/** Runs the portal's bundle as Lambda would (in Node, from its task root, with its environment) for one page request. */
const servePageFromBundle = (bundle: string, entry: string, resource = '/dashboard'): { statusCode: number; body: string } => {
  const event = JSON.stringify(getEvent(resource, ''));
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(entry).href)});
process.stdout.write(JSON.stringify(await handler(${event}, { awsRequestId: 'test' })));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      LAMBDA_TASK_ROOT: bundle,
      USER_POOL_ID: 'eu-central-1_example',
      USER_POOL_CLIENT_ID: 'client',
      COGNITO_ISSUER_BASE: 'https://cognito-idp.eu-central-1.amazonaws.com',
      API_KEYS_TABLE: 'keys',
      NAMEDAYS_TABLE: 'namedays',
      NAME_INDEX_TABLE: 'names',
      DATA_VERSION: 'v1',
      AWS_REGION: 'eu-central-1',
      LOG_LEVEL: 'ERROR',
    },
  });
  return JSON.parse(output) as { statusCode: number; body: string };
};

describe('NamedayStack bundling', () => {
  it('bundles every function with the local esbuild (no Docker), minified, calendars beside the loader', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'nameday-synth-'));
    const bundled = new App({ outdir });
    new NamedayStack(bundled, 'BundledStack');
    bundled.synth();
    const entryOf = (dir: string) => ['index.mjs', 'index.js'].map((file) => join(dir, file)).find((file) => existsSync(file));
    const bundles = readdirSync(outdir)
      .filter((name) => name.startsWith('asset.') && entryOf(join(outdir, name)))
      .map((name) => join(outdir, name));
    expect(bundles.length).toBeGreaterThanOrEqual(3);
    expect(bundles.filter((bundle) => entryOf(bundle)?.endsWith('.mjs'))).toHaveLength(3);
    for (const bundle of bundles) {
      const code = readFileSync(entryOf(bundle) as string, 'utf8');
      expect(code.length).toBeGreaterThan(1000);
      // Minified: a bundle of hundreds of kilobytes on a few dozen lines.
      expect(code.split('\n').length).toBeLessThan(100);
    }
    expect(bundles.some((bundle) => existsSync(join(bundle, 'data', 'calendars', 'czech-civil.json')))).toBe(true);
    // The dashboard's page beside the portal's bundle, where the function reads it: the bundle serves it.
    const portalBundle = bundles.find((bundle) => existsSync(join(bundle, 'dashboard', 'dashboard.js')));
    expect(portalBundle).toBeDefined();
    const page = servePageFromBundle(portalBundle as string, entryOf(portalBundle as string) as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Name days of 19 countries, in one JSON API</h1>');
    // The reference page too, with Redoc's bundle and the document copied beside it.
    expect(servePageFromBundle(portalBundle as string, entryOf(portalBundle as string) as string, '/docs').body).toContain(
      'docs/redoc.standalone.js',
    );
    expect(existsSync(join(portalBundle as string, 'docs', 'redoc.standalone.js'))).toBe(true);
    expect(readFileSync(join(portalBundle as string, 'docs', 'openapi.yaml'), 'utf8')).toContain('operationId: listNamedays');
    // Source maps beside every bundle, so that a logged stack names the TypeScript line.
    for (const bundle of bundles) expect(existsSync(`${entryOf(bundle) as string}.map`)).toBe(true);
  });
});
