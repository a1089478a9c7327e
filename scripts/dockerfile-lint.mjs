// The Dockerfile checked by dockerfile-utils (the linter behind the Dockerfile language server): every
// diagnostic, error or warning, fails npm test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { root, SERVER_NODE_FLAGS } from './lib/project.mjs';

const file = join(root, 'deploy', 'Dockerfile');
const diagnostics = validate(readFileSync(file, 'utf8'));
for (const d of diagnostics) {
  console.error(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}
// Every production start runs the server with the same V8 flags (SERVER_NODE_FLAGS).
const starts = {
  'deploy/Dockerfile CMD': /^CMD \[(.*)\]$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '',
  'deploy/gogo-board@.service ExecStart':
    /^ExecStart=(.*)$/m.exec(readFileSync(join(root, 'deploy', 'gogo-board@.service'), 'utf8'))?.[1] ?? '',
  'package.json start': JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start ?? '',
  'package.json serve': JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.serve ?? '',
};
const missing = Object.entries(starts).filter(
  ([, command]) => !SERVER_NODE_FLAGS.every((flag) => command.includes(flag)),
);
for (const [where] of missing) console.error(`${where} does not start node with ${SERVER_NODE_FLAGS.join(' ')}`);
if (diagnostics.length || missing.length) process.exit(1);
console.log(
  `deploy/Dockerfile: no dockerfile-utils diagnostics; every production start has ${SERVER_NODE_FLAGS.join(' ')}`,
);
