// The package as users get it: `npm pack`, a global install into a fresh prefix (offline:
// the bundle must carry every runtime dependency), then the installed `infra` answers
// --version and --help, runs its simulator, and talks to it. Fails when package.json
// `files` misses something the CLI needs or a runtime import was left out of the bundle.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; name: string };
const work = mkdtempSync(join(tmpdir(), 'infra-pack-'));
const prefix = join(work, 'prefix');
const bin = join(prefix, 'bin', 'infra');
// The installed bin starts with `#!/usr/bin/env node`: put the node running the tests first.
const env = { PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter), HOME: work, INFRA_CONFIG_DIR: join(work, 'config') };
let packed: { filename: string; files: { path: string }[]; size: number; unpackedSize: number };
let sim: ChildProcess | undefined;

function npm(args: string[], cwd: string) {
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function infra(args: string[], extra: Record<string, string> = {}) {
  return spawnSync(bin, args, { encoding: 'utf8', env: { ...env, ...extra }, timeout: 20_000 });
}

beforeAll(() => {
  const out = npm(['pack', '--json', '--pack-destination', work], ROOT);
  packed = (JSON.parse(out.slice(out.indexOf('['))) as (typeof packed)[])[0]!;
  npm(['install', '--global', '--offline', '--prefix', prefix, join(work, packed.filename)], work);
}, 120_000);

afterAll(() => {
  sim?.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('ships the bundle, bin, man page and docs, and no sources or tests', () => {
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining(['bin/infra', 'bin/code-cache.cjs', 'dist/cli/main.cjs', 'dist/cli/build-id', 'dist/lib.js', 'dist/types/lib.d.ts', 'man/infra.1', 'README.md', 'package.json']),
    );
    expect(files.filter((f) => /^(src|test|scripts)\//.test(f) || f.endsWith('.map'))).toEqual([]);
  });

  it('installs self-contained: no dependency directory in the installed package', () => {
    const installed = realpathSync(join(prefix, 'lib', 'node_modules', pkg.name));
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    expect(existsSync(join(prefix, 'share', 'man', 'man1', 'infra.1'))).toBe(true);
  });

  it('imports nothing but Node built-ins and its own chunks', () => {
    const dist = join(realpathSync(join(prefix, 'lib', 'node_modules', pkg.name)), 'dist');
    const builtins = new Set(builtinModules);
    const external: string[] = [];
    // a quote before require( means code text inside a string (ajv's code generator);
    // specifiers have no whitespace (undici's `"... from " + input` is a message, not an import)
    const requireCall = /(?:^|[^'"`\w.$])require\("([^"\s]+)"\)/g;
    const patterns = [requireCall, /\bfrom\s*"([^"\s]+)"/g, /\bimport\s*\(\s*"([^"\s]+)"\s*\)/g, /^import\s*"([^"\s]+)"/gm];
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js') || f.endsWith('.cjs'));
    for (const file of files) {
      const text = readFileSync(join(dist, file), 'utf8');
      // The CLI's CommonJS (minified: `from"` and `import(` occur in its code as other things)
      // loads only through require(); the library's ESM through import and from.
      for (const re of file.endsWith('.cjs') ? [requireCall] : patterns) {
        for (const [, spec] of text.matchAll(re)) {
          if (!spec!.startsWith('.') && !spec!.startsWith('node:') && !builtins.has(spec!)) external.push(`${file}: ${spec}`);
        }
      }
    }
    expect(files.length).toBeGreaterThan(1);
    expect(external).toEqual([]);
  });
});

describe('the installed infra', () => {
  it('answers --version and --help', () => {
    const version = infra(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(`infra ${pkg.version}\n`);
    const help = infra(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: infra');
    expect(help.stdout).toMatch(/\n {2}Compute {2,}serverless/);
    const sub = infra(['serverless', 'logs', '--help']);
    expect(sub.stdout).toContain('Examples:');
  });

  it('writes and reads its config (conf is bundled)', () => {
    expect(infra(['config', 'set', 'output', 'json']).status).toBe(0);
    const r = infra(['config', 'get', 'output']);
    expect(r.stdout.trim()).toBe('json');
    expect(infra(['config', 'unset', 'output']).status).toBe(0);
  });

  it('prints a completion script', () => {
    const r = infra(['completion', 'bash']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('complete -F _infra infra');
  });

  it('runs its simulator and lists against it', async () => {
    sim = spawn(bin, ['sim', '--port', '0', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    sim.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const first = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`infra sim printed nothing; stderr: ${stderr}`)), 15_000);
      sim!.on('exit', (code) => reject(new Error(`infra sim exited ${code}: ${stderr}`)));
      createInterface({ input: sim!.stdout! }).once('line', (line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
    const { url, tokens } = JSON.parse(first) as { url: string; tokens: { admin: string } };
    const api = { INFRA_API_URL: url, INFRA_TOKEN: tokens.admin };

    const vps = infra(['vps', 'list', '--json'], api);
    expect(vps.stderr).toBe('');
    expect(vps.status).toBe(0);
    const items = JSON.parse(vps.stdout) as { id: unknown; name: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toHaveProperty('name');
    expect(items[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    // A project by name (looked up in GET /user/teams) and a container by name.
    const staging = infra(['vps', 'list', '--project', 'staging', '--json'], api);
    expect(staging.status, staging.stderr).toBe(0);
    expect((JSON.parse(staging.stdout) as { name: string }[]).map((v) => v.name)).toEqual(['staging-vps']);
    const web = infra(['serverless', 'get', 'web', '--json'], api);
    expect(web.status, web.stderr).toBe(0);
    expect(JSON.parse(web.stdout)).toMatchObject({ name: 'web', slug: 'web', deployment_type: 'docker_image' });

    const table = infra(['serverless', 'list'], api);
    expect(table.status).toBe(0);
    expect(table.stdout.split('\n')[0]).toContain('\t');
    expect(table.stdout).toMatch(/\bweb\b/);

    const missing = infra(['serverless', 'get', 'no-such-container'], api);
    expect(missing.status).toBe(5);

    // On a terminal (util-linux script gives one): the table and colour code paths.
    if (spawnSync('script', ['--version']).status === 0) {
      const tty = spawnSync('script', ['-qec', `${bin} serverless list`, '/dev/null'], { encoding: 'utf8', env: { ...env, ...api, TERM: 'xterm-256color' }, timeout: 20_000 });
      expect(tty.status).toBe(0);
      expect(tty.stdout).toMatch(/\bweb\b/);
      expect(tty.stdout).not.toContain('\t');
    }
  }, 30_000);
});
