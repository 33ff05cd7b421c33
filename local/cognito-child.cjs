// cognito-local in a child process of the local server: its files under the directory given (it keeps
// them in the working directory), and it ends with its parent, a killed parent included. It logs at info:
// that is where it writes the codes it would email (sign-up, forgotten password), which is how a person
// running the service locally reads them.
'use strict';
const { mkdirSync, writeSync } = require('node:fs');

const directory = process.argv[2];
mkdirSync(directory, { recursive: true });
process.chdir(directory);
process.on('disconnect', () => process.exit(0));

const pino = require(require.resolve('pino', { paths: [require.resolve('cognito-local')] }));
const { createDefaultServer } = require('cognito-local');

// Each line written at once (pino's own stream held the last line back until the next one), so a code
// is in the log by the time the request that sent it is answered.
const logFile = { write: (line) => writeSync(1, line) };

createDefaultServer(pino({ level: process.env.COGNITO_LOCAL_LOG_LEVEL || 'info' }, logFile))
  .then((server) => server.start())
  .then((server) => process.send({ port: server.address().port }))
  .catch((error) => {
    process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(1);
  });
