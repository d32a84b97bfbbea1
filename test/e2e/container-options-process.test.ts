// The container flags of the provider's CLI (a build from a git repository, the readiness
// probe, the registry credential, scaling and the request timeout), through bin/infra against
// the simulator: what the server received, and bad values refused with exit 2 before any request.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

const GOOD: { argv: string[]; method: string; sent: Record<string, unknown> }[] = [
  {
    argv: [
      'serverless',
      'create',
      '--name',
      'git-api',
      '--repo',
      'https://github.com/acme/api.git',
      '--branch',
      'release',
      '--context-path',
      'services/api',
      '--dockerfile-path',
      'services/api/Dockerfile',
    ],
    method: 'POST',
    sent: {
      deployment_type: 'git_repository',
      repository_url: 'https://github.com/acme/api.git',
      repository_branch: 'release',
      build_context_path: 'services/api',
      dockerfile_path: 'services/api/Dockerfile',
      source_type: 'dockerfile',
      git_auth_type: 'none',
    },
  },
  {
    argv: ['serverless', 'create', '--name', 'site', '--repo', 'git@github.com:acme/site.git', '--source-type', 'buildpack', '--health-check-path', '/healthz'],
    method: 'POST',
    sent: { deployment_type: 'git_repository', repository_url: 'git@github.com:acme/site.git', source_type: 'buildpack', health_check_path: '/healthz' },
  },
  {
    argv: ['serverless', 'create', '--name', 'priv', '--image', 'ghcr.io/acme/priv:1.0', '--registry-credential', 'cred-7', '--health-check-path', '/ready'],
    method: 'POST',
    sent: { deployment_type: 'docker_image', image: 'ghcr.io/acme/priv', image_tag: '1.0', registry_credential_id: 'cred-7', health_check_path: '/ready' },
  },
  {
    argv: ['serverless', 'update', 'web', '--scaling-metric', 'rps', '--scaling-target', '50', '--concurrency-target', '20', '--request-timeout', '900'],
    method: 'PUT',
    sent: { scaling_metric: 'rps', scaling_target: 50, concurrency_target: 20, timeout_seconds: 900 },
  },
  {
    argv: ['serverless', 'update', 'web', '--health-check-path', '/healthz', '--registry-credential', 'cred-7'],
    method: 'PUT',
    sent: { health_check_path: '/healthz', registry_credential_id: 'cred-7' },
  },
];

const BAD: { argv: string[]; says: RegExp }[] = [
  { argv: ['serverless', 'create', '--name', 'x'], says: /--image.*--repo/ },
  { argv: ['serverless', 'create', '--name', 'x', '--image', 'a:1', '--repo', 'https://github.com/a/b'], says: /not both/ },
  { argv: ['serverless', 'create', '--name', 'x', '--image', 'a:1', '--branch', 'main'], says: /--branch needs --repo/ },
  { argv: ['serverless', 'create', '--name', 'x', '--repo', 'https://me:tok@github.com/a/b'], says: /must not carry credentials/ },
  { argv: ['serverless', 'create', '--name', 'x', '--repo', 'not a url'], says: /--repo takes a git URL/ },
  { argv: ['serverless', 'create', '--name', 'x', '--repo', 'https://github.com/a/b', '--source-type', 'nix'], says: /--source-type must be one of/ },
  { argv: ['serverless', 'create', '--name', 'x', '--repo', 'https://github.com/a/b', '--context-path', '../up'], says: /--context-path takes a path inside/ },
  { argv: ['serverless', 'create', '--name', 'x', '--repo', 'https://github.com/a/b', '--source-type', 'buildpack', '--dockerfile-path', 'Dockerfile'], says: /no use with/ },
  { argv: ['serverless', 'create', '--name', 'x', '--image', 'a:1', '--health-check-path', 'healthz'], says: /starting with \// },
  { argv: ['serverless', 'update', 'web', '--request-timeout', '901'], says: /--request-timeout must be a whole number from 1 to 900/ },
  { argv: ['serverless', 'update', 'web', '--scaling-metric', 'cpu'], says: /--scaling-metric must be one of rps, concurrency/ },
  { argv: ['serverless', 'update', 'web', '--scaling-target', '0'], says: /--scaling-target must be/ },
  { argv: ['serverless', 'update', 'web', '--concurrency-target', 'many'], says: /--concurrency-target must be/ },
];

describe('container options through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it.each(GOOD)('$argv.1 $argv.3: the body carries the fields', async ({ argv, method, sent }) => {
    const r = await spawnCli(argv, { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    const write = sim.requests.find((q) => q.method === method && /^\/api\/v1\/serverless(\/[^/]+)?$/.test(q.path));
    expect(write?.body).toMatchObject(sent);
  });

  it('update --timeout stays the wait (not the request timeout): without --wait it is refused', async () => {
    const r = await spawnCli(['serverless', 'update', 'web', '--max', '4', '--timeout', '90s'], { env: simEnv(sim) });
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('--timeout applies only with --wait')]);
    expect(sim.requests.filter((q) => q.method === 'PUT')).toEqual([]);
  });

  it('bad values: exit 2, one line naming the flag, nothing sent', async () => {
    for (let i = 0; i < BAD.length; i += 4) {
      const batch = BAD.slice(i, i + 4);
      const results = await Promise.all(batch.map(({ argv }) => spawnCli(argv, { env: simEnv(sim) })));
      results.forEach((r, j) => {
        const what = batch[j]!.argv.join(' ');
        expect(r.code, `${what}: ${r.stderr}`).toBe(2);
        expect(r.stderr, what).toMatch(batch[j]!.says);
        expect(r.stderr, what).not.toMatch(/\n\s+at /);
      });
    }
    expect(sim.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  }, 120_000);
});
