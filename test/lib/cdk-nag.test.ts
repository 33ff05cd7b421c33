import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { NamedayStack } from '../../lib/nameday-stack';

describe('NamedayStack against the AWS Solutions checks (cdk-nag)', () => {
  it('synthesizes with no finding left unacknowledged', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    new NamedayStack(app, 'NagStack');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    // A finding fails the synthesis with its report; the message names each finding and its construct.
    expect(() => app.synth()).not.toThrow();
  });
});
