// serverless preflight, and --preflight of create and update: the registry's answer judged
// for an amd64-only platform; a failure stops before any write.
import { describe, expect, it } from 'vitest';
import { judgePreflight } from '../../../src/commands/serverless/preflight-check.js';
import type { PreflightData } from '../../../src/client/registry.js';
import { onlyJson } from '../../helpers/cli.js';
import { cli as simCli, REG, requestLines, SEED_IDS, useSimulator, type Simulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));
const cli = (argv: string[], env: Record<string, string> = {}) => simCli(sim, argv, { env });
const PREFLIGHT = 'GET /api/v1/registry/preflight';

describe('serverless preflight', () => {
  it('an image of the platform registry passes: exit 0, the facts on stdout, one request', async () => {
    const r = await cli(['serverless', 'preflight', '--image', `${REG}/web:1.3.0`]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Image: +registry\.sim\.local\/acme\/web:1\.3\.0$/m);
    expect(r.stdout).toMatch(/^Exists: +yes$/m);
    expect(r.stdout).toMatch(/^Digest: +sha256:[0-9a-f]{64}$/m);
    expect(r.stdout).toMatch(/^Architectures: +amd64$/m);
    expect(r.stdout).toMatch(/^Pull: +the platform can pull it$/m);
    expect(r.stdout).toMatch(/^Result: +ok \(amd64\)$/m);
    expect(r.stderr).toBe('');
    expect(requestLines(sim)).toEqual([PREFLIGHT]);
    expect(sim.requests[0]?.query).toEqual({ image: `${REG}/web:1.3.0` });
  });

  it('no tag means latest', async () => {
    await cli(['serverless', 'preflight', '--image', `${REG}/web`]);
    expect(sim.requests[0]?.query).toEqual({ image: `${REG}/web:latest` });
  });

  it('an arm64-only image fails: exit 1, says the platform runs amd64, how to build', async () => {
    const r = await cli(['serverless', 'preflight', '--image', `${REG}/web:arm64`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Architectures: +arm64$/m);
    expect(r.stdout).toMatch(/^Result: +fails$/m);
    expect(r.stderr).toContain(`error: ${REG}/web:arm64 has no linux/amd64 image (architectures: arm64); the platform runs amd64 only\n`);
    expect(r.stderr).toMatch(/^hint: build for amd64, e\.g\. docker buildx build --platform linux\/amd64/m);
    expect(r.stderr).toMatch(/^note: finding: registry\.arch_mismatch: /m);
  });

  it.each([
    ['missing', /does not exist in the registry/],
    ['private', /the platform cannot pull registry\.sim\.local\/acme\/web:private \(no pull credential for this registry\)/],
  ])(':%s fails with exit 1', async (tag, why) => {
    const r = await cli(['serverless', 'preflight', '--image', `${REG}/web:${tag}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(why);
  });

  it('an external registry the platform cannot read: "cannot tell" is a note, exit 0', async () => {
    const r = await cli(['serverless', 'preflight', '--image', 'ghcr.io/acme/web:1.0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Registry: +ghcr\.io \(external\)$/m);
    expect(r.stdout).toMatch(/^Exists: +cannot tell$/m);
    expect(r.stdout).toMatch(/^Result: +cannot tell$/m);
    expect(r.stderr).toMatch(/^note: cannot tell: the platform could not read this external registry \(The registry could not be reached\.\)/m);
    expect(r.stderr).not.toMatch(/error:/);
  });

  it('--json: result, problems, notes and the API data as sent', async () => {
    const r = await cli(['serverless', 'preflight', '--image', `${REG}/web:arm64`, '--json']);
    expect(r.code).toBe(1);
    const j = onlyJson(r.stdout);
    expect(j).toMatchObject({ image: `${REG}/web:arm64`, result: 'fail', problems: [expect.stringMatching(/no linux\/amd64/)] });
    expect(j.data).toMatchObject({ external: false, can_pull: true, manifest: { architectures: ['arm64'] } });
  });
});

describe('--preflight on create and update', () => {
  it('create with a failing image: exit 1, nothing created (only the preflight was sent)', async () => {
    const r = await cli(['serverless', 'create', '--name', 'shop', '--image', `${REG}/shop:arm64`, '--preflight']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: preflight failed for ${REG}/shop:arm64: nothing was changed\n`);
    expect(r.stderr).toContain('  registry.sim.local/acme/shop:arm64 has no linux/amd64 image');
    expect(requestLines(sim)).toEqual([PREFLIGHT]);
  });

  it('create with a good image: the preflight, then the create', async () => {
    const r = await cli(['serverless', 'create', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--preflight']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^preflight: registry\.sim\.local\/acme\/shop:1\.0: ok \(amd64\)$/m);
    expect(requestLines(sim)).toEqual([PREFLIGHT, 'POST /api/v1/serverless']);
  });

  it('create with an external image: a note, and the create goes ahead', async () => {
    const r = await cli(['serverless', 'create', '--name', 'shop', '--image', 'ghcr.io/acme/shop:1.0', '--preflight']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^preflight: ghcr\.io\/acme\/shop:1\.0: cannot tell: /m);
    expect(requestLines(sim)).toEqual([PREFLIGHT, 'POST /api/v1/serverless']);
  });

  it('update to a missing image: exit 1 before the PUT; without an image change there is nothing to check', async () => {
    const bad = await cli(['serverless', 'update', SEED_IDS.web, '--image', `${REG}/web:missing`, '--preflight']);
    expect(bad.code).toBe(1);
    // The read before the change, the preflight, and no PUT.
    expect(requestLines(sim)).toEqual([`GET /api/v1/serverless/${SEED_IDS.web}`, PREFLIGHT]);
    sim.requests.length = 0;
    const env = await cli(['serverless', 'update', SEED_IDS.web, '--env', 'A=1', '--preflight']);
    expect(env.code, env.stderr).toBe(0);
    expect(env.stderr).toMatch(/^preflight: nothing to check, the image does not change$/m);
    expect(requestLines(sim)).toEqual([`GET /api/v1/serverless/${SEED_IDS.web}`, `PUT /api/v1/serverless/${SEED_IDS.web}`]);
  });
});

describe('judgePreflight', () => {
  const data = (over: Partial<PreflightData>): PreflightData => ({
    external: false,
    can_pull: true,
    manifest: { exists: true, digest: 'sha256:1', architectures: ['linux/amd64'], reachable: true, error: null },
    findings: [],
    ...over,
  });
  it('amd64 under any of its names passes', () => {
    for (const a of ['amd64', 'linux/amd64', 'x86_64']) expect(judgePreflight('i', data({ manifest: { exists: true, architectures: [a], reachable: true } })).result).toBe('pass');
  });
  it('architectures not reported: passes with a note; can_pull null on a read manifest: a note', () => {
    const v = judgePreflight('i', data({ manifest: { exists: true, architectures: [], reachable: true }, can_pull: null }));
    expect(v.result).toBe('pass');
    expect(v.notes).toEqual(['the registry did not report the architectures; the platform runs linux/amd64 only', 'the registry did not say whether a pull can succeed']);
  });
  it('no manifest member at all: cannot tell', () => {
    expect(judgePreflight('i', { findings: [] }).result).toBe('cannot_tell');
  });
});
