// Piped output keeps every field whole (contract): `registry tags list` cut its digests to 12
// digits when piped too. Through bin/infra, piped.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

describe('registry tags list, piped', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('every digest whole, as --json has it', async () => {
    const env = simEnv(sim);
    const [piped, json] = await Promise.all([spawnCli(['registry', 'tags', 'list', 'web'], { env }), spawnCli(['registry', 'tags', 'list', 'web', '--json'], { env })]);
    expect(piped.code, piped.stderr).toBe(0);
    const lines = piped.stdout.trim().split('\n');
    const digestAt = lines[0]!.split('\t').indexOf('DIGEST');
    expect(digestAt).toBeGreaterThanOrEqual(0);
    const digests = new Set((JSON.parse(json.stdout) as { digest: string }[]).map((t) => t.digest));
    expect(lines.length - 1).toBe(digests.size);
    for (const line of lines.slice(1)) expect(digests.has(line.split('\t')[digestAt]!), line).toBe(true);
  });
});
