// Help over the whole live tree: every command describes itself and shows an example;
// `infra help` groups families; typos get a suggestion; the man page is current and clean.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTree } from '../../src/program/load-tree.js';
import { getExamples, HELP_GROUPS, OTHER_GROUP, walkCommands } from '../../src/cli/help.js';
import { afterHelpNotes, exitCodeTable, renderManPage } from '../../src/cli/manpage.js';
import { ROOT, runCli } from '../helpers/cli.js';

const tree = await loadTree();
const program = () => tree;
const pkgVersion = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const hasGroff = spawnSync('groff', ['--version']).status === 0;

describe('every command', () => {
  const commands = walkCommands(program());

  it('has a one-line description and at least one example', () => {
    const missing = commands.flatMap(({ path, cmd }) => [
      ...(cmd.description().trim() ? [] : [`infra ${path.join(' ')}: no description`]),
      ...(getExamples(cmd).length ? [] : [`infra ${path.join(' ')}: no example (give examples to defineCommand)`]),
    ]);
    expect(missing).toEqual([]);
    expect(commands.length).toBeGreaterThan(20);
  });

  it('examples start with infra (or feed it), so they can be copied', () => {
    const odd = commands.flatMap(({ path, cmd }) =>
      getExamples(cmd)
        .filter((l) => !/(^|[|(<]\s*|\$\()infra\b/.test(l))
        .map((l) => `${path.join(' ')}: ${l}`),
    );
    expect(odd).toEqual([]);
  });

  it('--help of each command shows usage, its flags and an Examples section', async () => {
    for (const { path, cmd } of commands) {
      const r = await runCli([...path, '--help']);
      expect(r.code, path.join(' ')).toBe(0);
      expect(r.stdout).toContain(`Usage: infra ${path.join(' ')}`);
      expect(r.stdout).toContain('Examples:\n  ');
      for (const o of cmd.options.filter((x) => !x.hidden)) expect(r.stdout, `${path.join(' ')} ${o.flags}`).toContain(o.long ?? o.short ?? '');
    }
    // Every command in turn, in-process: over 300 of them take longer than the default limit on a busy machine.
  }, 120_000);
});

describe('the flags of the real dialect', () => {
  // command path → what its --help must show (flag with its value placeholder, and its meaning)
  const SHOWN: [string, RegExp[]][] = [
    [
      'serverless create',
      [
        /--slug <slug>\s+URL-safe identifier \(default: derived from the name\)/,
        /--profile <name>\s+resource profile \(choices: "free", "micro", "small", "medium", "large"\)/,
        /no tag means latest/,
        /--no-build-cache\s+build without the cache/,
      ],
    ],
    ['serverless get', [/--show-secrets\s+show environment variable values unmasked/, /Arguments: id\s+container id, name or slug/]],
    ['database credentials', [/--show-secrets\s+show the password and the URL unmasked/]],
    ['serverless wait', [/--observed-after <timestamp>\s+servers without generations/, /--generation <n>/]],
    ['serverless diagnose', [/--exit-status\s+exit 1 when a finding is fatal/]],
    ['sim', [/--no-generations\s+answer as a server that predates spec_generation\/observed_generation/]],
    ['vps list', [/--project <id>\s+project \(team\) id or name, sent as X-Team-Id/]],
  ];

  it.each(SHOWN)('infra %s --help', async (path, patterns) => {
    const r = await runCli([...path.split(' '), '--help']);
    expect(r.code).toBe(0);
    const text = r.stdout.replace(/\n\s+/g, ' ');
    for (const p of patterns) expect(text, `${path}: ${p}`).toMatch(p);
  });

  it('the man page documents them too', () => {
    const page = renderManPage(program(), pkgVersion);
    for (const flag of ['\\-\\-slug', '\\-\\-show\\-secrets', '\\-\\-observed\\-after', '\\-\\-exit\\-status', '\\-\\-no\\-generations']) expect(page).toContain(`.TP\n\\fB${flag}\\fR`);
  });
});

describe('infra help', () => {
  it('groups commands by family, in order, with help itself under Tool', async () => {
    const r = await runCli(['help']);
    expect(r.code).toBe(0);
    const headings = HELP_GROUPS.map(([h]) => h);
    const positions = headings.map((h) => r.stdout.indexOf(`\n  ${h}  `));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const row = (h: string) => r.stdout.slice(r.stdout.indexOf(`\n  ${h}  `) + 1).split(/\n {2}\S/)[0]!;
    expect(row('Account')).toMatch(/\bauth\b.*\bconfig\b/);
    expect(row('Compute')).toMatch(/\bserverless\b/);
    expect(row('Data')).toMatch(/\bdatabase \(db\)[\s\S]*\bcache\b[\s\S]*\bsnapshots\b[\s\S]*\brecovery\b/);
    expect(row('Tool')).toMatch(/\bapi\b.*\bsim\b.*\bcompletion\b.*\bhelp\b/);
    expect(r.stdout).not.toContain(`  ${OTHER_GROUP}  `);
  });

  it('a family help lists its subcommands without family headings and with examples', async () => {
    const r = await runCli(['help', 'serverless']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Commands:\n  ');
    expect(r.stdout).not.toMatch(/\n {2}Tool {2}/);
    expect(r.stdout).toMatch(/Examples:\n {2}infra serverless /);
  });

  it('a mistyped top-level command suggests the closest one (exit 2)', async () => {
    const r = await runCli(['servreless', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: unknown command 'servreless'");
    expect(r.stderr).toContain('hint: did you mean serverless?');
  });

  it('a mistyped subcommand suggests the closest one', async () => {
    const r = await runCli(['serverless', 'lgos', 'web']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('hint: did you mean logs?');
  });
});

describe('man/infra.1', () => {
  const page = renderManPage(program(), pkgVersion);

  it("README.md's exit-code table is generated from the one table (run npm run man)", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`<!-- exit-codes: generated by npm run man -->\n${exitCodeTable()}\n<!-- /exit-codes -->`);
  });

  it('is up to date with the command tree (run npm run man)', () => {
    const committed = readFileSync(join(ROOT, 'man', 'infra.1'), 'utf8');
    expect(committed === page, 'man/infra.1 is out of date: run npm run man').toBe(true);
  });

  it('documents every command, global option, environment variable and exit code', () => {
    for (const { path } of walkCommands(program())) expect(page, path.join(' ')).toContain(`.SS "infra ${path.join(' ').replace(/-/g, '\\-')}`);
    for (const flag of ['\\-\\-api\\-url', '\\-\\-project', '\\-\\-team', '\\-\\-json', '\\-\\-no\\-color', '\\-\\-debug', '\\-\\-quiet']) expect(page).toContain(flag);
    for (const v of [
      'INFRA_API_URL',
      'INFRA_TOKEN',
      'INFRA_PROJECT',
      'INFRA_TEAM',
      'INFRA_CONFIG_DIR',
      'INFRA_DEBUG',
      'INFRA_MAX_RETRIES',
      'INFRA_HTTP_TIMEOUT',
      'NO_COLOR',
      'FORCE_COLOR',
      'HTTPS_PROXY, HTTP_PROXY, NO_PROXY',
    ]) {
      expect(page).toContain(`.TP\n\\fB${v}\\fR`);
    }
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 130]) expect(page).toContain(`.TP\n\\fB${code}\\fR`);
    expect(page).toContain('.SH FILES');
    expect(page).toContain('infra serverless logs web \\-\\-since 15m \\-\\-level error');
    expect(page).toContain('user\\-container, queue\\-proxy, all');
  });

  it('shows each example once, under its family, without a heading that repeats the command', () => {
    const examples = page.slice(page.indexOf('.SH EXAMPLES'), page.indexOf('.SH SEE ALSO'));
    const lines = examples.split('\n').filter((l) => l.startsWith('infra ') || l.startsWith('id='));
    expect(lines.length).toBeGreaterThan(40);
    expect(new Set(lines).size).toBe(lines.length);
    expect(examples).not.toMatch(/\\fBinfra /);
    expect(examples).toContain('.SS infra serverless\n');
  });

  it('carries help notes other than examples', () => {
    const restore = walkCommands(program()).find((c) => c.path.join(' ') === 'snapshots restore')!.cmd;
    expect(afterHelpNotes(restore)).toContain('infra recovery capabilities');
    expect(afterHelpNotes(restore)).not.toContain('Examples:');
  });

  it.runIf(hasGroff || !!process.env.CI)('renders with groff without warnings', () => {
    const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-z'], { input: page, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const text = execFileSync('groff', ['-man', '-Tascii', '-P', '-cbou'], { input: page, encoding: 'utf8' });
    expect(text).toContain('EXIT STATUS');
    expect(text).toContain('infra serverless logs [options] <id>');
  });
});
