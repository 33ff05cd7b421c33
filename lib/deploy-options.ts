import type { App } from 'aws-cdk-lib';
import { NamedayStack, type NamedayStackProps } from './nameday-stack';

/** The stack name when none is given: the one every earlier deploy used. */
export const DEFAULT_STACK_NAME = 'NamedayStack';

/** The API and the dashboard on a domain of the operator's, with a certificate for it. */
export interface CustomDomain {
  /** For example api.example.com */
  domainName: string;
  /** An ACM certificate for domainName in the stack's region (the custom domain is regional). */
  certificateArn: string;
  /** The Route 53 zone of domainName: an alias record is created there. Without it, point DNS yourself. */
  hostedZoneId?: string;
}

/** What an operator chooses with `-c name=value` on `cdk deploy` (README, "Deploy"). */
export interface DeployOptions {
  stackName: string;
  /** Subscribed by email to the alarm topic (the address confirms the subscription once). */
  alarmEmail?: string;
  customDomain?: CustomDomain;
  /** An SES-verified address in the stack's region: the user pool's mail goes through SES from it. */
  emailFrom?: string;
}

/** The context keys read, in the README's table. */
export const CONTEXT_KEYS = ['stackName', 'alarmEmail', 'domainName', 'certificateArn', 'hostedZoneId', 'emailFrom'] as const;
type ContextKey = (typeof CONTEXT_KEYS)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** CloudFormation's own rule for a stack name. */
const STACK_NAME = /^[A-Za-z][A-Za-z0-9-]{0,127}$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[A-Za-z0-9-]+$/;
const HOSTED_ZONE_ID = /^Z[A-Z0-9]{1,31}$/;

class DeployOptionError extends Error {
  constructor(key: ContextKey, problem: string) {
    super(`-c ${key}: ${problem}`);
    this.name = 'DeployOptionError';
  }
}

/**
 * Reads and checks the deploy options from CDK context (`-c key=value`, cdk.json or cdk.context.json),
 * so a mistyped option stops `cdk synth` with a message instead of failing half-way through a deploy.
 */
export const deployOptionsFrom = (read: (key: ContextKey) => unknown): DeployOptions => {
  const text = (key: ContextKey, pattern: RegExp, expected: string): string | undefined => {
    const value = read(key);
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string' || !pattern.test(value))
      throw new DeployOptionError(key, `expected ${expected}, got ${JSON.stringify(value)}`);
    return value;
  };
  const stackName =
    text('stackName', STACK_NAME, 'a stack name (a letter, then letters, digits and hyphens)') ?? DEFAULT_STACK_NAME;
  const alarmEmail = text('alarmEmail', EMAIL, 'an email address');
  const emailFrom = text('emailFrom', EMAIL, 'an SES-verified email address');
  const domainName = text('domainName', DOMAIN, 'a lower-case domain name such as api.example.com');
  const certificateArn = text('certificateArn', CERTIFICATE_ARN, 'an ACM certificate ARN');
  const hostedZoneId = text('hostedZoneId', HOSTED_ZONE_ID, 'a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ');
  if (domainName && !certificateArn) throw new DeployOptionError('certificateArn', `needed with domainName ${domainName}`);
  if (!domainName && certificateArn) throw new DeployOptionError('domainName', 'needed with certificateArn');
  if (!domainName && hostedZoneId) throw new DeployOptionError('domainName', 'needed with hostedZoneId');
  return {
    stackName,
    ...(alarmEmail && { alarmEmail }),
    ...(emailFrom && { emailFrom }),
    ...(domainName && certificateArn && { customDomain: { domainName, certificateArn, ...(hostedZoneId && { hostedZoneId }) } }),
  };
};

/** The app's one stack, named and configured by the deploy options in the app's context. */
export const addNamedayStack = (app: App, props: NamedayStackProps = {}): NamedayStack => {
  const { stackName, ...options } = deployOptionsFrom((key) => app.node.tryGetContext(key));
  return new NamedayStack(app, stackName, {
    description: 'Nameday Lookup Service: name day calendars and name search',
    ...options,
    ...props,
  });
};
