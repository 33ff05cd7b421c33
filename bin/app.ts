import { App } from 'aws-cdk-lib';
import { NamedayStack } from '../lib/nameday-stack';

/** The CDK app: one environment-agnostic stack, so `cdk synth` needs no account and no lookups. */
const app = new App();
new NamedayStack(app, 'NamedayStack', {
  description: 'Nameday Lookup Service: name day calendars and name search',
});
