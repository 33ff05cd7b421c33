import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NamedayStack } from '../../lib/nameday-stack';

/**
 * What `cdk synth` accepts but AWS refuses at deploy time, checked on the synthesized template with its
 * references resolved as CloudFormation would resolve them in a realistic, unfavourable account: a long
 * stack name, the longest region and partition names, and physical names as long as CloudFormation
 * makes them. Each limit is AWS's own, quoted with where it applies.
 */

/** A stack name an operator may well choose (CloudFormation allows 128 characters). */
const LONG_STACK_NAME = 'NamedayStack-production-eu-central-blue';
/** Two stacks of this app in one account and region: staging beside production. */
const SIDE_BY_SIDE = ['NamedayStack-staging', 'NamedayStack-prod'] as const;
/** The longest region and partition names in use: every ARN is as long as it gets. */
const PLACE = { region: 'ap-southeast-7', partition: 'aws-us-gov', account: '123456789012', urlSuffix: 'amazonaws.com' };

const outdir = mkdtempSync(join(tmpdir(), 'nameday-preflight-'));
// Only the long-named stack is bundled: its bundles are the ones measured, and the others need none.
const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [LONG_STACK_NAME] } });
const stacks = new Map<string, Stack>([LONG_STACK_NAME, ...SIDE_BY_SIDE].map((name) => [name, new NamedayStack(app, name)]));
const assembly = app.synth();

type Json = unknown;
interface Resource {
  Type: string;
  Properties?: Record<string, Json>;
  DependsOn?: string | string[];
}
interface CfnTemplate {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: Json; Export?: { Name: Json } }>;
  Parameters?: Record<string, Json>;
  Mappings?: Record<string, Json>;
}

const templateOf = (name: string): CfnTemplate => {
  const stack = stacks.get(name);
  if (!stack) throw new Error(`no stack ${name}`);
  return Template.fromStack(stack).toJSON() as CfnTemplate;
};

/** A stable pseudo-random string, so every resolved name is the same in every run. */
const digest = (...parts: string[]) =>
  createHash('sha256')
    .update(parts.join('/'))
    .digest('hex')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/**
 * Resolves a template's references as CloudFormation would in PLACE for one stack name. Generated
 * physical names follow CloudFormation's pattern (stack name, logical id, a 12 to 13 character
 * suffix) cut to the length the service allows, so they are as long as a real deploy makes them.
 */
const resolverFor = (stackName: string, template: CfnTemplate) => {
  const { region, partition, account, urlSuffix } = PLACE;
  const generated = (logicalId: string, maxLength: number) =>
    `${stackName}-${logicalId}-${digest(stackName, logicalId).slice(0, 13)}`.slice(0, maxLength);
  const typeOf = (logicalId: string) => template.Resources[logicalId]?.Type;
  const props = (logicalId: string) => template.Resources[logicalId]?.Properties ?? {};

  const ref = (logicalId: string): string => {
    const pseudo: Record<string, string> = {
      'AWS::Region': region,
      'AWS::Partition': partition,
      'AWS::AccountId': account,
      'AWS::URLSuffix': urlSuffix,
      'AWS::StackName': stackName,
      'AWS::StackId': `arn:${partition}:cloudformation:${region}:${account}:stack/${stackName}/${digest(stackName).slice(0, 36)}`,
      'AWS::NoValue': '',
    };
    const pseudoValue = pseudo[logicalId];
    if (pseudoValue !== undefined) return pseudoValue;
    if (template.Parameters && logicalId in template.Parameters) return `parameter-${logicalId}`;
    const own = (property: string) => {
      const value = props(logicalId)[property];
      return value === undefined ? undefined : resolveString(value);
    };
    switch (typeOf(logicalId)) {
      case 'AWS::Lambda::Function':
        return own('FunctionName') ?? generated(logicalId, 64);
      case 'AWS::IAM::Role':
        return own('RoleName') ?? generated(logicalId, 64);
      case 'AWS::DynamoDB::Table':
        return own('TableName') ?? generated(logicalId, 255);
      case 'AWS::Logs::LogGroup':
        return own('LogGroupName') ?? generated(logicalId, 512);
      case 'AWS::SNS::Topic':
        return `arn:${partition}:sns:${region}:${account}:${own('TopicName') ?? generated(logicalId, 256)}`;
      case 'AWS::ApiGateway::RestApi':
      case 'AWS::ApiGateway::Resource':
      case 'AWS::ApiGateway::Deployment':
      case 'AWS::ApiGateway::Authorizer':
      case 'AWS::ApiGateway::RequestValidator':
      case 'AWS::ApiGateway::UsagePlan':
      case 'AWS::Cognito::UserPoolClient':
        return digest(stackName, logicalId).slice(0, 10).toLowerCase();
      case 'AWS::ApiGateway::Stage':
        return own('StageName') ?? generated(logicalId, 128);
      case 'AWS::Cognito::UserPool':
        return `${region}_${digest(stackName, logicalId).slice(0, 9)}`;
      case 'AWS::CloudWatch::Dashboard':
        return own('DashboardName') ?? generated(logicalId, 255);
      default:
        return generated(logicalId, 64);
    }
  };

  const arnOf = (logicalId: string): string => {
    const name = ref(logicalId);
    switch (typeOf(logicalId)) {
      case 'AWS::Lambda::Function':
        return `arn:${partition}:lambda:${region}:${account}:function:${name}`;
      case 'AWS::IAM::Role':
        return `arn:${partition}:iam::${account}:role/${name}`;
      case 'AWS::DynamoDB::Table':
        return `arn:${partition}:dynamodb:${region}:${account}:table/${name}`;
      case 'AWS::Logs::LogGroup':
        return `arn:${partition}:logs:${region}:${account}:log-group:${name}:*`;
      case 'AWS::Cognito::UserPool':
        return `arn:${partition}:cognito-idp:${region}:${account}:userpool/${name}`;
      case 'AWS::SNS::Topic':
        return name;
      default:
        return `arn:${partition}:${(typeOf(logicalId) ?? 'AWS::Unknown').split('::')[1]?.toLowerCase()}:${region}:${account}:${name}`;
    }
  };

  const getAtt = (logicalId: string, attribute: string): string => {
    if (attribute === 'Arn') return arnOf(logicalId);
    if (attribute === 'RootResourceId') return digest(stackName, logicalId, 'root').slice(0, 10).toLowerCase();
    if (attribute === 'StreamArn') return `${arnOf(logicalId)}/stream/2026-01-01T00:00:00.000`;
    if (attribute === 'ProviderURL') return `https://cognito-idp.${region}.${urlSuffix}/${ref(logicalId)}`;
    return `${logicalId}-${attribute}-${digest(stackName, logicalId, attribute).slice(0, 20)}`;
  };

  const resolve = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, Json>);
    const [only] = entries;
    if (entries.length === 1 && only) {
      const [key, argument] = only;
      if (key === 'Ref') return ref(argument as string);
      if (key === 'Fn::GetAtt') {
        const [logicalId = '', attribute = ''] = typeof argument === 'string' ? argument.split('.') : (argument as string[]);
        return getAtt(logicalId, attribute);
      }
      if (key === 'Fn::Join') {
        const [separator, parts] = argument as [string, Json[]];
        return (resolve(parts) as Json[]).map(String).join(separator);
      }
      if (key === 'Fn::Sub') {
        const [text, variables] = typeof argument === 'string' ? [argument, {}] : (argument as [string, Record<string, Json>]);
        return text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
          if (name in variables) return resolveString(variables[name]);
          const [logicalId = '', attribute] = name.split('.');
          return attribute ? getAtt(logicalId, attribute) : ref(logicalId);
        });
      }
      if (key === 'Fn::Select') {
        const [index, list] = argument as [number | string, Json];
        return (resolve(list) as Json[])[Number(index)];
      }
      if (key === 'Fn::Split') {
        const [separator, text] = argument as [string, Json];
        return resolveString(text).split(separator);
      }
      if (key === 'Fn::GetAZs') return [`${region}a`, `${region}b`, `${region}c`];
      if (key === 'Fn::If') return resolve((argument as Json[])[1]);
    }
    return Object.fromEntries(entries.map(([key, inner]) => [key, resolve(inner)]));
  };
  const resolveString = (value: Json): string => String(resolve(value));
  return { resolve, resolveString, ref, arnOf };
};

const resolvedTemplate = (name: string) => {
  const template = templateOf(name);
  const resolver = resolverFor(name, template);
  const resources = Object.fromEntries(
    Object.entries(template.Resources).map(([id, resource]) => [
      id,
      { ...resource, Properties: resolver.resolve(resource.Properties ?? {}) as Record<string, Json> },
    ]),
  ) as Record<string, Resource & { Properties: Record<string, Json> }>;
  return { template, resources, resolver };
};

const ofType = <R extends Resource>(resources: Record<string, R>, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);

/** IAM and Lambda count a policy's characters without whitespace, as JSON. */
const policyLength = (document: Json) => JSON.stringify(document).length;

describe('preflight: what AWS refuses at deploy time that synth accepts', () => {
  const long = resolvedTemplate(LONG_STACK_NAME);

  it("keeps every function's resource-based policy under Lambda's 20,480 bytes", () => {
    // Lambda stores every AWS::Lambda::Permission as one statement of the function's single policy and
    // refuses the one that takes it past 20 KB (PolicyLengthExceededException): the deploy rolls back.
    const LAMBDA_RESOURCE_POLICY_BYTES = 20_480;
    const functions = ofType(long.resources, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThanOrEqual(4);
    const policies = new Map<string, Json[]>();
    for (const [permissionId, permission] of ofType(long.resources, 'AWS::Lambda::Permission')) {
      const properties = permission.Properties;
      const target = String(properties.FunctionName);
      const functionArn = target.startsWith('arn:')
        ? target
        : `arn:${PLACE.partition}:lambda:${PLACE.region}:${PLACE.account}:function:${target}`;
      const statement = {
        // CloudFormation names the statement with the permission's physical id (Lambda allows 100 characters).
        Sid: `${LONG_STACK_NAME}-${permissionId}-${digest(permissionId).slice(0, 13)}`.slice(0, 100),
        Effect: 'Allow',
        Principal: { Service: properties.Principal },
        Action: properties.Action,
        Resource: functionArn,
        ...(properties.SourceArn !== undefined && { Condition: { ArnLike: { 'AWS:SourceArn': properties.SourceArn } } }),
      };
      policies.set(functionArn, [...(policies.get(functionArn) ?? []), statement]);
    }
    const sizes: Record<string, number> = Object.fromEntries(
      [...policies].map(([functionArn, statements]) => [
        functionArn.split(':').pop(),
        Buffer.byteLength(JSON.stringify({ Version: '2012-10-17', Id: 'default', Statement: statements })),
      ]),
    );
    for (const [name, bytes] of Object.entries(sizes))
      expect({ function: name, bytes, fits: bytes < LAMBDA_RESOURCE_POLICY_BYTES }).toEqual({
        function: name,
        bytes,
        fits: true,
      });
  });

  it("keeps the template within CloudFormation's size and count limits", () => {
    // CDK uploads a template over 51,200 bytes to the bootstrap bucket, where CloudFormation takes up to
    // 1 MB; a stack holds at most 500 resources and 200 outputs, parameters and mappings each.
    const TEMPLATE_BYTES_FROM_S3 = 1_048_576;
    for (const name of [LONG_STACK_NAME, ...SIDE_BY_SIDE]) {
      const template = templateOf(name);
      const file = join(assembly.directory, assembly.getStackByName(name).templateFile);
      expect(statSync(file).size).toBeLessThan(TEMPLATE_BYTES_FROM_S3);
      expect(Object.keys(template.Resources).length).toBeLessThanOrEqual(500);
      expect(Object.keys(template.Outputs ?? {}).length).toBeLessThanOrEqual(200);
      expect(Object.keys(template.Parameters ?? {}).length).toBeLessThanOrEqual(200);
      expect(Object.keys(template.Mappings ?? {}).length).toBeLessThanOrEqual(200);
      // Logical ids and output names: 255 characters, letters and digits only.
      for (const id of [...Object.keys(template.Resources), ...Object.keys(template.Outputs ?? {})])
        expect(id).toMatch(/^[A-Za-z0-9]{1,255}$/);
    }
  });

  it("keeps each role's policies under IAM's size limits", () => {
    // IAM: a role's inline policies together 10,240 characters, a managed policy 6,144, a role's trust
    // policy 2,048 (the default quota), all counted without whitespace.
    const ROLE_INLINE_POLICIES_CHARS = 10_240;
    const MANAGED_POLICY_CHARS = 6_144;
    const TRUST_POLICY_CHARS = 2_048;
    const roles = ofType(long.resources, 'AWS::IAM::Role');
    expect(roles.length).toBeGreaterThan(0);
    for (const [roleId, role] of roles) {
      const roleName = long.resolver.ref(roleId);
      expect({ roleId, trust: policyLength(role.Properties.AssumeRolePolicyDocument) < TRUST_POLICY_CHARS }).toEqual({
        roleId,
        trust: true,
      });
      const inline = [
        ...((role.Properties.Policies as Array<{ PolicyDocument: Json }> | undefined) ?? []).map((p) => p.PolicyDocument),
        ...ofType(long.resources, 'AWS::IAM::Policy')
          .filter(([, policy]) => (policy.Properties.Roles as string[] | undefined)?.includes(roleName))
          .map(([, policy]) => policy.Properties.PolicyDocument),
      ];
      const characters = inline.reduce<number>((sum, document) => sum + policyLength(document), 0);
      expect({ roleId, characters, fits: characters < ROLE_INLINE_POLICIES_CHARS }).toEqual({ roleId, characters, fits: true });
    }
    for (const [policyId, policy] of ofType(long.resources, 'AWS::IAM::ManagedPolicy'))
      expect({ policyId, fits: policyLength(policy.Properties.PolicyDocument) < MANAGED_POLICY_CHARS }).toEqual({
        policyId,
        fits: true,
      });
  });

  it("keeps each function's environment under Lambda's 4 KB", () => {
    // Lambda: all of a function's environment variables together 4 KB, names and values as stored.
    const ENVIRONMENT_BYTES = 4_096;
    for (const [functionId, fn] of ofType(long.resources, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment as { Variables?: Json } | undefined)?.Variables ?? {};
      const bytes = Buffer.byteLength(JSON.stringify(variables));
      expect({ functionId, bytes, fits: bytes < ENVIRONMENT_BYTES }).toEqual({ functionId, bytes, fits: true });
    }
  });

  it("keeps each bundle under Lambda's deployment package limit", () => {
    // Lambda: 250 MB unzipped for a package deployed from S3 (CDK always uploads to the bootstrap bucket),
    // and 50 MB zipped for a direct upload; unzipped under 50 MB fits both whatever the compression.
    const UNZIPPED_FROM_S3_BYTES = 262_144_000;
    const UNZIPPED_SAFE_FOR_DIRECT_UPLOAD_BYTES = 52_428_800;
    const sizeOf = (path: string): number =>
      statSync(path).isDirectory()
        ? readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0)
        : statSync(path).size;
    const functions = ofType(long.resources, 'AWS::Lambda::Function');
    let measured = 0;
    for (const [functionId, fn] of functions) {
      const key = (fn.Properties.Code as { S3Key?: string; ZipFile?: string }).S3Key;
      if (key === undefined) continue;
      const bundle = join(assembly.directory, `asset.${key.replace(/\.zip$/, '')}`);
      const bytes = sizeOf(bundle);
      measured += 1;
      expect({
        functionId,
        bytes,
        fits: bytes < UNZIPPED_FROM_S3_BYTES && bytes < UNZIPPED_SAFE_FOR_DIRECT_UPLOAD_BYTES,
      }).toEqual({
        functionId,
        bytes,
        fits: true,
      });
    }
    // The four service functions at least (listing, search, portal, loader) and the Provider framework's.
    expect(measured).toBeGreaterThanOrEqual(5);
  });

  it('gives every log group a retention, including those AWS creates for functions and API Gateway', () => {
    // A log group that AWS creates on first write (a function's /aws/lambda/<name>, a stage's
    // API-Gateway-Execution-Logs_<api id>/<stage>) keeps its logs forever and is paid for forever: the
    // stack must create each one itself, with a retention, before the first write.
    const logGroups = ofType(long.resources, 'AWS::Logs::LogGroup');
    for (const [logGroupId, group] of logGroups)
      expect({ logGroupId, retention: typeof group.Properties.RetentionInDays }).toEqual({ logGroupId, retention: 'number' });
    const namedGroups = new Set(logGroups.map(([logGroupId]) => long.resolver.ref(logGroupId)));

    const writtenTo: string[] = ofType(long.resources, 'AWS::Lambda::Function').map(
      ([functionId, fn]) =>
        (fn.Properties.LoggingConfig as { LogGroup?: string } | undefined)?.LogGroup ??
        `/aws/lambda/${long.resolver.ref(functionId)}`,
    );
    const stages = ofType(long.resources, 'AWS::ApiGateway::Stage');
    expect(stages.length).toBeGreaterThan(0);
    for (const [, stage] of stages) {
      const executionLogging = (stage.Properties.MethodSettings as Array<{ LoggingLevel?: string }> | undefined)?.some(
        (setting) => setting.LoggingLevel !== undefined && setting.LoggingLevel !== 'OFF',
      );
      if (executionLogging)
        writtenTo.push(`API-Gateway-Execution-Logs_${String(stage.Properties.RestApiId)}/${String(stage.Properties.StageName)}`);
    }
    expect(writtenTo.filter((group) => !namedGroups.has(group))).toEqual([]);
  });

  it('names nothing that two stacks of the app in one account and region would both claim', () => {
    // Names AWS requires to be unique in an account and region (or account-wide for IAM): a second stack
    // (staging beside production) that claims one fails with "already exists".
    const UNIQUE_NAMES: Record<string, string[]> = {
      'AWS::CloudWatch::Dashboard': ['DashboardName'],
      'AWS::CloudWatch::Alarm': ['AlarmName'],
      'AWS::Lambda::Function': ['FunctionName'],
      'AWS::IAM::Role': ['RoleName'],
      'AWS::IAM::ManagedPolicy': ['ManagedPolicyName'],
      'AWS::DynamoDB::Table': ['TableName'],
      'AWS::Logs::LogGroup': ['LogGroupName'],
      'AWS::SNS::Topic': ['TopicName'],
      'AWS::S3::Bucket': ['BucketName'],
      'AWS::Cognito::UserPoolDomain': ['Domain'],
      'AWS::ApiGateway::DomainName': ['DomainName'],
      'AWS::Events::Rule': ['Name'],
      'AWS::SQS::Queue': ['QueueName'],
    };
    const claimed = (name: string) => {
      const { resources, template, resolver } = resolvedTemplate(name);
      const names = new Map<string, string>();
      for (const [logicalId, resource] of Object.entries(resources))
        for (const property of UNIQUE_NAMES[resource.Type] ?? [])
          if (resource.Properties[property] !== undefined)
            names.set(`${resource.Type} ${JSON.stringify(resource.Properties[property])}`, logicalId);
      for (const [outputId, output] of Object.entries(template.Outputs ?? {}))
        if (output.Export) names.set(`export ${resolver.resolveString(output.Export.Name)}`, outputId);
      return names;
    };
    const staging = claimed(SIDE_BY_SIDE[0]);
    const prod = claimed(SIDE_BY_SIDE[1]);
    const collisions = [...staging.keys()].filter((name) => prod.has(name));
    expect(collisions).toEqual([]);
  });
});
