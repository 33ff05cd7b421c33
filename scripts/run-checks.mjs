// `npm test`'s static checks side by side (typecheck, lint, data:check, openapi:lint): each is one process, and the
// machine has cores to spare while one of them waits on the others. Output is printed per check, in
// order, once each has finished; the exit code is the first failure's.
import { spawn } from 'node:child_process';

const checks = ['typecheck', 'lint', 'data:check', 'openapi:lint'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output }));
  });

const results = await Promise.all(checks.map(run));
let failed = 0;
for (const { script, code, output } of results) {
  process.stdout.write(`\n> ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}\n${output}`);
  if (code !== 0 && failed === 0) failed = code;
}
process.exit(failed);
