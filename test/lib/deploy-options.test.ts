import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addNamedayStack, DEFAULT_STACK_NAME, deployOptionsFrom } from '../../lib/deploy-options';

const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
const CERTIFICATE_ARN = 'arn:aws:acm:eu-central-1:123456789012:certificate/0f3e6c1a-1111-2222-3333-444455556666';
const ALL_OPTIONS = {
  stackName: 'NamedayStack-staging',
  alarmEmail: 'ops@example.com',
  domainName: 'api.example.com',
  certificateArn: CERTIFICATE_ARN,
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  emailFrom: 'no-reply@example.com',
};

/** Synthesizes the app as `cdk synth -c key=value …` does: the options arrive as context. */
const synthesize = (context: Record<string, unknown>) => {
  const app = new App({ context: { ...NO_BUNDLING, ...context } });
  const stack = addNamedayStack(app);
  return { app, stack, template: Template.fromStack(stack) };
};

/** An output's value, found by the end of its logical id (constructs prefix it). */
const outputValue = (template: Template, name: string): unknown => {
  const found = Object.entries(template.findOutputs('*')).find(([id]) => id.includes(name));
  if (!found) throw new Error(`no output ${name}`);
  return found[1].Value;
};

describe('deploy options given by CDK context', () => {
  const withAll = synthesize(ALL_OPTIONS);
  const withNone = synthesize({});

  it('names the stack as the operator chose, NamedayStack by default', () => {
    expect(withAll.stack.stackName).toBe('NamedayStack-staging');
    expect(withNone.stack.stackName).toBe(DEFAULT_STACK_NAME);
    expect(withAll.app.synth().getStackByName('NamedayStack-staging').templateFile).toBe('NamedayStack-staging.template.json');
  });

  it('alarmEmail subscribes the address to the alarm topic', () => {
    withAll.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: Match.anyValue(),
    });
    withNone.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('domainName and certificateArn serve the API and the dashboard on the domain, with an alias in the hosted zone', () => {
    withAll.template.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'api.example.com',
      RegionalCertificateArn: CERTIFICATE_ARN,
      EndpointConfiguration: { Types: ['REGIONAL'] },
      SecurityPolicy: 'TLS_1_2',
    });
    withAll.template.hasResourceProperties('AWS::ApiGateway::BasePathMapping', {
      DomainName: Match.anyValue(),
      RestApiId: Match.anyValue(),
      Stage: Match.anyValue(),
    });
    withAll.template.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'api.example.com.',
      Type: 'A',
      HostedZoneId: 'Z0123456789ABCDEFGHIJ',
      AliasTarget: Match.objectLike({ DNSName: Match.anyValue() }),
    });
    expect(outputValue(withAll.template, 'ApiUrl')).toBe('https://api.example.com/');
    expect(outputValue(withAll.template, 'DashboardUrl')).toBe('https://api.example.com/dashboard');
  });

  it('without a domain, the outputs are the stage URL and no domain or record is created', () => {
    withNone.template.resourceCountIs('AWS::ApiGateway::DomainName', 0);
    withNone.template.resourceCountIs('AWS::Route53::RecordSet', 0);
    expect(JSON.stringify(outputValue(withNone.template, 'ApiUrl'))).toContain('execute-api');
  });

  it('a domain without a hosted zone creates no record: the operator points DNS at the domain', () => {
    const { template } = synthesize({ ...ALL_OPTIONS, hostedZoneId: undefined });
    template.resourceCountIs('AWS::ApiGateway::DomainName', 1);
    template.resourceCountIs('AWS::Route53::RecordSet', 0);
  });

  it("emailFrom sends the user pool's mail through SES from that address; without it, Cognito's own sender", () => {
    withAll.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'no-reply@example.com',
        SourceArn: Match.anyValue(),
      },
    });
    const [pool] = Object.values(withAll.template.findResources('AWS::Cognito::UserPool'));
    expect(JSON.stringify(pool?.Properties.EmailConfiguration.SourceArn)).toContain(':identity/no-reply@example.com');
    const [defaultPool] = Object.values(withNone.template.findResources('AWS::Cognito::UserPool'));
    expect(defaultPool?.Properties.EmailConfiguration?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
  });

  it('keeps cdk-nag at zero unacknowledged findings with every option set', () => {
    const { app } = synthesize(ALL_OPTIONS);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
  });

  it.each([
    [{ domainName: 'api.example.com' }, /-c certificateArn: needed with domainName/],
    [{ certificateArn: CERTIFICATE_ARN }, /-c domainName: needed with certificateArn/],
    [{ hostedZoneId: 'Z0123456789ABCDEFGHIJ' }, /-c domainName: needed with hostedZoneId/],
    [{ alarmEmail: 'ops at example' }, /-c alarmEmail: expected an email address/],
    [{ emailFrom: 'nobody' }, /-c emailFrom: expected an SES-verified email address/],
    [{ stackName: 'Nameday_Stack' }, /-c stackName: expected a stack name/],
    [{ certificateArn: 'arn:aws:iam::123456789012:role/x', domainName: 'api.example.com' }, /-c certificateArn/],
  ])('refuses %j before anything is deployed', (context, message) => {
    expect(() => deployOptionsFrom((key) => (context as Record<string, unknown>)[key])).toThrow(message);
  });
});
