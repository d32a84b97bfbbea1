// The suite runs against the built bundle (bin/infra loads dist/). `npm test` builds first;
// a bare `npx vitest run` on a fresh clone builds here, once, before any worker starts: a
// test file that rebuilt dist/ itself would rewrite it under the files running beside it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export default function setup(): void {
  const root = join(import.meta.dirname, '..');
  if (existsSync(join(root, 'dist', 'cli', 'main.cjs')) && existsSync(join(root, 'dist', 'lib.js'))) return;
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the build failed: run npm run build');
}
