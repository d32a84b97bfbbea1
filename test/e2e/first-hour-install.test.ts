// The README's quick start, as a newcomer pastes it: the lines of its top block that put
// `infra` on the PATH run in a shell, in a copy of the package (so the checkout is left as it
// was) with a fresh npm prefix, a fresh npm cache and npm offline (the tarball must carry
// everything it needs), then the block's `infra --version` answers from that PATH.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; files: string[] };

/** The shell lines of the README's first ```sh block (the quick start), comments dropped. */
export function quickStartLines(readme: string): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

const work = mkdtempSync(join(tmpdir(), 'infra-first-hour-'));
const measured: { installed?: number; tarball?: number } = {};

function bytesUnder(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) total += statSync(join(e.parentPath, e.name)).size;
  return total;
}
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the README quick start', () => {
  const lines = quickStartLines(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('says how to install, try the demo, run the tests and put infra on the PATH', () => {
    expect(lines.some((l) => /^npm ci\b/.test(l) && l.includes('npm run demo'))).toBe(true);
    expect(lines).toContain('npm test');
    expect(lines.some((l) => /npm install -g \.\/infra-cli-\*\.tgz/.test(l) || /^npm link$/.test(l))).toBe(true);
    expect(lines).toContain('infra --version');
  });

  it('its PATH lines install a working infra into a clean prefix, offline', () => {
    // What `npm pack` reads: the package's own files (package.json `files`), nothing else.
    const checkout = join(work, 'checkout');
    mkdirSync(checkout);
    for (const f of ['package.json', ...pkg.files]) cpSync(join(ROOT, f), join(checkout, f), { recursive: true });
    const prefix = join(work, 'prefix');
    const env = {
      PATH: [join(prefix, 'bin'), dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
      HOME: work,
      INFRA_CONFIG_DIR: join(work, 'config'),
      npm_config_prefix: prefix,
      npm_config_cache: join(work, 'npm-cache'),
      npm_config_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    };
    const pathLines = lines.filter((l) => /^npm (pack|link|install -g)/.test(l));
    expect(pathLines.length).toBeGreaterThan(0);
    for (const line of [...pathLines, 'infra --version']) {
      const r = spawnSync('sh', ['-c', line], { cwd: checkout, env, encoding: 'utf8', timeout: 120_000 });
      expect(r.status, `${line}\n${r.stdout}\n${r.stderr}`).toBe(0);
      if (line === 'infra --version') expect(r.stdout).toBe(`infra ${pkg.version}\n`);
    }
    expect(existsSync(join(prefix, 'bin', 'infra'))).toBe(true);
    measured.installed = bytesUnder(realpathSync(join(prefix, 'lib', 'node_modules', 'infra-cli')));
    measured.tarball = statSync(
      readdirSync(checkout)
        .filter((f) => f.endsWith('.tgz'))
        .map((f) => join(checkout, f))[0]!,
    ).size;
    const direct = spawnSync(join(prefix, 'bin', 'infra'), ['--version'], { env, encoding: 'utf8' });
    expect(direct.stdout).toBe(`infra ${pkg.version}\n`);
  }, 180_000);

  it('states the sizes it has: installed and packed, as measured here (within 5%), with no GraphQL parser shipped', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const m = /(\d+\.\d) MB installed, a (\d+) KB tarball/.exec(readme);
    expect(m, 'the README states "N.N MB installed, a N KB tarball" (node scripts/bench-ship.mjs prints it)').not.toBeNull();
    expect(measured.installed).toBeDefined();
    expect(Math.abs(Number(m![1]) * 1e6 - measured.installed!) / measured.installed!).toBeLessThan(0.05);
    expect(Math.abs(Number(m![2]) * 1e3 - measured.tarball!) / measured.tarball!).toBeLessThan(0.05);
    // msw's dynamic import('graphql') once shipped a 690 KB chunk that nothing runs.
    // What is left of it is the stub of scripts/build.mjs: a few hundred bytes that throw.
    const chunks = readdirSync(join(ROOT, 'dist', 'chunks'));
    for (const f of chunks.filter((c) => /graphql/i.test(c))) expect(statSync(join(ROOT, 'dist', 'chunks', f)).size, f).toBeLessThan(1_000);
    for (const f of chunks) expect(readFileSync(join(ROOT, 'dist', 'chunks', f), 'utf8'), f).not.toContain('Syntax Error: ${description}');
  });
});
