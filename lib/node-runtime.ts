import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node.js version is pinned once, as the `node` devDependency in package.json: npm scripts run the
 * tests, the local server and the CDK app on that binary (node_modules/.bin comes first on their PATH),
 * and its major version is the functions' Lambda runtime, so the code is tested on what it runs on.
 */
export const PINNED_NODE_VERSION: string = (
  JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
).devDependencies.node as string;

export const NODE_MAJOR = Number(/^(\d+)\./.exec(PINNED_NODE_VERSION)?.[1]);

/** The Lambda runtime of the pinned major; CDK must know it, or synthesis stops here. */
export const lambdaNodeRuntime = (): Runtime => {
  const name = `nodejs${NODE_MAJOR}.x`;
  const runtime = Runtime.ALL.find((candidate) => candidate.name === name);
  if (!runtime)
    throw new Error(`package.json pins Node ${PINNED_NODE_VERSION}, but this aws-cdk-lib knows no Lambda runtime ${name}`);
  return runtime;
};
