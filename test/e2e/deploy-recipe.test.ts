// The README's GitHub Actions recipe for `apply` (section "CI recipes"), run as the runner would
// run its script: the deploy.json it writes, then each `infra` line in order, stopping at the
// first failure (bash -e), with GITHUB_ACTIONS=true and a job summary file. Against the
// simulator in virtual time, on a server with generations and on one without.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, type CliResult } from '../helpers/cli.js';
import { SEED_IDS, SERVER_KINDS, useHarness, type Harness } from '../helpers/sim.js';

interface Recipe {
  /** deploy.json as the heredoc writes it, ${GITHUB_SHA} not yet filled in. */
  file: string;
  /** The `infra` command lines, in order. */
  commands: string[];
}

function readRecipe(): Recipe {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('serverless apply -f deploy.json'));
  if (!block) throw new Error('the README has no GitHub Actions recipe with `serverless apply -f deploy.json`');
  const script = block
    .split('run: |\n')[1]!
    .split('\n')
    .map((l) => l.replace(/^ {4}/, ''));
  const start = script.findIndex((l) => l.startsWith('cat > deploy.json <<EOF'));
  const end = script.indexOf('EOF', start + 1);
  expect(start, 'the recipe writes deploy.json with a heredoc').toBeGreaterThanOrEqual(0);
  return {
    file: script.slice(start + 1, end).join('\n'),
    commands: script.slice(end + 1).filter((l) => l.startsWith('infra ')),
  };
}

const recipe = readRecipe();
const dir = mkdtempSync(join(tmpdir(), 'infra-recipe-'));
let runs = 0;

async function runRecipe(h: Harness, sha: string, registry?: string) {
  const n = ++runs;
  const deployJson = join(dir, `deploy-${n}.json`);
  let file = recipe.file.replaceAll('${GITHUB_SHA}', sha);
  if (registry) file = file.replaceAll('registry.example.com', registry);
  writeFileSync(deployJson, file);
  const summary = join(dir, `summary-${n}.md`);
  writeFileSync(summary, '');
  const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_SHA: sha };
  const results: { cmd: string; r: CliResult }[] = [];
  for (const cmd of recipe.commands) {
    const argv = cmd
      .split(/\s+/)
      .slice(1)
      .map((a) => (a === 'deploy.json' ? deployJson : a));
    const r = await h.cli(argv, { env });
    results.push({ cmd, r });
    if (r.code !== 0) break; // bash -e
  }
  return { results, summary: readFileSync(summary, 'utf8') };
}

describe('the README recipe', () => {
  it('uses apply -f, --preflight, --progress json and probe', () => {
    expect(recipe.commands).toHaveLength(2);
    expect(recipe.commands[0]).toMatch(/^infra serverless apply -f deploy\.json .*--preflight.*--wait.*--progress json/);
    expect(recipe.commands[1]).toMatch(/^infra serverless probe web /);
    expect(JSON.parse(recipe.file.replaceAll('${GITHUB_SHA}', 'x'))).toMatchObject({ containers: [{ name: 'web' }, { name: 'api' }] });
  });
});

for (const kind of SERVER_KINDS) {
  describe(`the README recipe against a server ${kind.kind}`, () => {
    let h: Harness;
    useHarness((x) => (h = x), kind);
    const sha = '3f9c2a1e';

    it('as written: preflight cannot tell (external registry), both roll out, the probe passes', async () => {
      const { results, summary } = await runRecipe(h, sha);
      expect(results.map((x) => [x.cmd.split(' ').slice(0, 3).join(' '), x.r.code])).toEqual([
        ['infra serverless apply', 0],
        ['infra serverless probe', 0],
      ]);
      const [apply, probe] = results.map((x) => x.r);
      // The plan on stdout: web gets the new image (env and min already so), api too.
      expect(apply!.stdout).toMatch(
        new RegExp(`^web: updated \\(id ${SEED_IDS.web}.*\\)\\n  ~ image: registry\\.sim\\.local/acme/web:1\\.2\\.0 → registry\\.example\\.com/acme/web:${sha}\\n(?!  [~+-])`, 'm'),
      );
      expect(apply!.stdout).toMatch(new RegExp(`^api: updated \\(id ${SEED_IDS.api}`, 'm'));
      expect(apply!.stderr).toMatch(new RegExp(`^preflight: registry\\.example\\.com/acme/web:${sha}: cannot tell: `, 'm'));
      // NDJSON progress of both containers, each ending ready; no human progress lines.
      const events = apply!.stderr
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(
        events
          .filter((e) => e.phase === 'done')
          .map((e) => [e.name, e.outcome])
          .sort(),
      ).toEqual([
        ['api', 'ready'],
        ['web', 'ready'],
      ]);
      expect(events.every((e) => typeof e.time === 'string' && typeof e.elapsed_seconds === 'number' && 'generation' in e)).toBe(true);
      expect(apply!.stderr).not.toMatch(/^::error/m);
      // The job summary: one table, both containers ready, on their new revisions.
      expect(summary).toMatch(/^\| container \| revision \| outcome \| duration \| hint \|$/m);
      expect(summary).toMatch(/^\| web \| web-00004 \| ready \| /m);
      expect(summary).toMatch(/^\| api \| api-00003 \| ready \| /m);
      // The probe from the runner: web keeps one instance, so no cold start.
      expect(probe!.stdout).toMatch(/^Status: +200 \(expected 200\)$/m);
      expect(probe!.stdout).toMatch(/^URL: +http:\/\/127\.0\.0\.1:\d+\/containers\/web-main\/healthz$/m);
      expect(probe!.stdout).toMatch(/^Cold start: +not likely/m);
    });

    it('an arm64 image: the preflight stops the deploy before any change; the probe never runs', async () => {
      const { results, summary } = await runRecipe(h, 'arm64', 'registry.sim.local');
      expect(results).toHaveLength(1);
      const apply = results[0]!.r;
      expect(apply.code).toBe(1);
      expect(apply.stderr).toContain('error: preflight failed for registry.sim.local/acme/web:arm64, registry.sim.local/acme/api:arm64: nothing was changed\n');
      expect(h.sim.requests.filter((q) => q.method !== 'GET')).toEqual([]);
      expect(summary).toBe('');
    });

    it('an image that crashes: apply exits 3 (degraded), an annotation, the hint in the job summary', async () => {
      const { results, summary } = await runRecipe(h, 'crash', 'registry.sim.local');
      expect(results).toHaveLength(1);
      expect(results[0]!.r.code).toBe(3);
      expect(results[0]!.r.stderr).toMatch(/^::error title=Rollout of web degraded::/m);
      expect(summary).toMatch(/^\| web \| web-00004 \| degraded \| .+ \| redeploying the same configuration fails the same way; /m);
    });
  });
}
