// Refreshes the copy of the API's facts that the tests read, test/fixtures/real-api.md, from
// the recorded facts wherever they are kept (the tests never read outside the checkout).
//   node scripts/refresh-facts.mjs <path of real-api.md>           copy it
//   node scripts/refresh-facts.mjs <path of real-api.md> --check   exit 1 when the copy differs
// Then run `npx vitest run test/fixtures test/sim/monitoring-shapes.test.ts`: the fixtures
// and the simulator are checked against the new facts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const [source] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const target = new URL('../test/fixtures/real-api.md', import.meta.url);
if (!source || !existsSync(source)) {
  console.error('usage: node scripts/refresh-facts.mjs <path of real-api.md> [--check]');
  process.exitCode = 2;
} else {
  const next = readFileSync(source, 'utf8');
  // The facts name their operations in `#### METHOD /path` headings: a file without any is not them.
  if (!/^#### (GET|POST|PUT|PATCH|DELETE) \//m.test(next)) {
    console.error(`${source} does not look like real-api.md (no "#### GET /..." operation headings)`);
    process.exitCode = 1;
  } else {
    const same = existsSync(target) && readFileSync(target, 'utf8') === next;
    if (process.argv.includes('--check')) {
      if (!same) console.error('test/fixtures/real-api.md differs from the facts: run node scripts/refresh-facts.mjs <path>');
      process.exitCode = same ? 0 : 1;
    } else if (same) {
      console.log('test/fixtures/real-api.md is current');
    } else {
      writeFileSync(target, next);
      console.log(`test/fixtures/real-api.md refreshed from ${source} (${next.length} bytes)`);
    }
  }
}
