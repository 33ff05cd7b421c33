import { App } from 'aws-cdk-lib';
import { addNamedayStack } from '../lib/deploy-options';

/**
 * The CDK app: one environment-agnostic stack, so `cdk synth` needs no account and no lookups. Its
 * name and deploy options come from context (`-c stackName=NamedayStack-staging`, README "Deploy").
 */
addNamedayStack(new App());
