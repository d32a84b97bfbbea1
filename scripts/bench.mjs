// `npm run bench`: runs every benchmark piece (scripts/bench-*.mjs) in turn. Each prints its
// numbers and its ratios against a baseline measured in the same run; none asserts on time.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const pieces = readdirSync(dir)
  .filter((f) => /^bench-.+\.mjs$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const piece of pieces) {
  console.log(`\n=== ${piece} ===`);
  const r = spawnSync(process.execPath, [`${dir}/${piece}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
