import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lambdaNodeRuntime, NODE_MAJOR, PINNED_NODE_VERSION } from '../../lib/node-runtime';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  engines: { node: string };
};

describe('the Node.js version, pinned once', () => {
  it('runs the tests on the pinned Node.js, the major the functions run on in Lambda', () => {
    // npm scripts find the `node` devDependency's binary first on their PATH; run outside them
    // (a bare `jest` on another Node), this fails rather than test on a runtime that is not deployed.
    expect(process.version).toBe(`v${PINNED_NODE_VERSION}`);
    expect(lambdaNodeRuntime().name).toBe(`nodejs${NODE_MAJOR}.x`);
  });

  it("states the same major in package.json's engines, for whoever runs the code outside npm scripts", () => {
    expect(manifest.engines.node).toBe(`${NODE_MAJOR}.x`);
  });
});
