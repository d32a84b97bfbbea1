// `infra help environment|exit-codes|formatting`, through bin/infra as a person runs them:
// each page is on stdout with exit 0, fits 80 columns, and says what the code's own tables
// say (every variable the man page lists, every exit code), while `infra help <command>`
// still routes to the command's help and an unknown word still fails.
import { describe, expect, it } from 'vitest';
import { CONVENTIONS, ENVIRONMENT } from '../../src/cli/manpage.js';
import { EXIT_CODES, RUN_EXIT_RULES } from '../../src/shared/exit-codes.js';
import { route } from '../../src/cli/route.js';
import { spawnCli } from '../helpers/cli.js';

const env = { NO_COLOR: '1' };

describe('infra help <topic>, through bin/infra', () => {
  it('environment: every variable the man page lists, INFRA_* first, at most 80 columns', async () => {
    const r = await spawnCli(['help', 'environment'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    for (const [name] of [...ENVIRONMENT, ...CONVENTIONS]) expect(r.stdout).toContain(`\n  ${name}\n`);
    for (const v of ['INFRA_API_URL', 'INFRA_TOKEN', 'INFRA_PROJECT', 'INFRA_TEAM', 'INFRA_CONFIG_DIR', 'INFRA_CACHE_DIR', 'INFRA_DEBUG', 'INFRA_MAX_RETRIES', 'INFRA_HTTP_TIMEOUT']) {
      expect(r.stdout.indexOf(`  ${v}\n`), v).toBeLessThan(r.stdout.indexOf('Conventions'));
    }
    for (const v of ['NO_COLOR', 'CI', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'HTTPS_PROXY, HTTP_PROXY, NO_PROXY']) {
      expect(r.stdout.indexOf(`\n  ${v}\n`), v).toBeGreaterThan(r.stdout.indexOf('Conventions'));
    }
    for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('exit-codes: the one table and the rules of a run, each code at the start of its row', async () => {
    const r = await spawnCli(['help', 'exit-codes'], { env });
    expect(r.code, r.stderr).toBe(0);
    for (const [code, text] of EXIT_CODES) expect(r.stdout).toMatch(new RegExp(`\\n  ${code} +${text.replace(/`/g, '').split(' ').slice(0, 3).join(' ').replace(/[()]/g, '\\$&')}`));
    for (const [code] of RUN_EXIT_RULES) expect(r.stdout).toMatch(new RegExp(`\\n  ${code} +the run`));
    for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('formatting: stdout for data, TSV when piped, --json and NDJSON, --wide, the colour order', async () => {
    const r = await spawnCli(['help', 'formatting'], { env });
    expect(r.code, r.stderr).toBe(0);
    for (const words of ['Standard output carries data only', 'tab-separated values (TSV)', '--json', 'NDJSON', '--wide', 'NO_COLOR', 'CLICOLOR_FORCE', 'TERM is not dumb']) {
      expect(r.stdout.replace(/\n\s*/g, ' ')).toContain(words);
    }
  });

  it('`infra --help` names the topics', async () => {
    const r = await spawnCli(['--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('infra help environment, infra help exit-codes, infra help formatting');
  });

  it('`infra help serverless update` is still the command help; an unknown topic is still an unknown command', async () => {
    const cmd = await spawnCli(['help', 'serverless', 'update'], { env });
    expect(cmd.code).toBe(0);
    expect(cmd.stdout).toContain('Usage: infra serverless update');
    const nope = await spawnCli(['help', 'colours'], { env });
    expect(nope.code).toBe(2);
    expect(nope.stderr).toContain("error: unknown command 'colours'");
    expect(nope.stdout).toBe('');
  });
});

describe('routing of topics', () => {
  const known = [{ path: 'serverless update' }, { path: 'environment list' }];

  it('a topic only after the word help, never in place of a command of that name', () => {
    expect(route(['help', 'exit-codes'], known)).toEqual({ kind: 'topic', name: 'exit-codes' });
    expect(route(['help', 'formatting', '--no-color'], known)).toEqual({ kind: 'topic', name: 'formatting' });
    expect(route(['exit-codes', '--help'], known)).toMatchObject({ kind: 'unknown', word: 'exit-codes' });
    // A noun named like a topic keeps its help.
    expect(route(['help', 'environment'], known)).toEqual({ kind: 'help', path: ['environment'] });
    expect(route(['help', 'exit-codes', 'more'], known)).toMatchObject({ kind: 'unknown' });
  });
});
