// The README's quick start, as a newcomer pastes it: the lines of its top block that put
// `infra` on the PATH run in a shell, in a copy of the package (so the checkout is left as it
// was) with a fresh npm prefix, a fresh npm cache and npm offline (the tarball must carry
// everything it needs), then the block's `infra --version` answers from that PATH.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
    if (!existsSync(join(ROOT, 'dist', 'main.js'))) spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
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
    const direct = spawnSync(join(prefix, 'bin', 'infra'), ['--version'], { env, encoding: 'utf8' });
    expect(direct.stdout).toBe(`infra ${pkg.version}\n`);
  }, 180_000);
});
