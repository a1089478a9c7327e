// deploy/alerts.yml through `promtool check rules` (Debian's prometheus package): the rules parse, their
// expressions are valid PromQL, their templates render. Which metrics they name is checked against
// /metrics by server/test/ops-metrics.test.ts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DEBIAN_PACKAGES, ensureDebianPackages } from './lib/debian-packages.mjs';
import { log, root } from './lib/project.mjs';

ensureDebianPackages(['prometheus'], log);
const rules = join(root, 'deploy', 'alerts.yml');
const res = spawnSync(DEBIAN_PACKAGES.prometheus.file, ['check', 'rules', rules], { encoding: 'utf8' });
process.stdout.write(res.stdout);
process.stderr.write(res.stderr);
if (res.status !== 0) {
  console.error(`✗ promtool check rules ${rules} failed (exit ${res.status})`);
  process.exit(1);
}
