// Every list fits the terminal (issue 22): each command that prints a table, on the seeded
// simulator, in-process with a terminal of 40 and of 80 columns. No line is wider; what is
// left out is said once and points to --wide, which the command has; piped, the same list is
// TSV with every column the widest terminal table shows, whatever the width. In colour where
// the command colours: the codes take no width.
import { describe, expect, it } from 'vitest';
import { Capture } from '../../helpers/cli.js';
import { cli as simCli, useSimulator, type Simulator } from '../../helpers/sim.js';
import { displayWidth } from '../../../src/output/width.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });

const LISTS = [
  'config list',
  'projects list',
  'serverless list',
  'serverless deployments web',
  'serverless runs list web',
  'serverless schedules list web',
  'serverless usage web',
  'vps list',
  'vps volumes list vps-01',
  'volumes list',
  'database list',
  'database replicas list orders-pg',
  'cache list',
  'queue list',
  'queue events events-rabbit',
  'parameter-groups list',
  'storage buckets list',
  'storage keys list',
  'firewalls list',
  'ssh-keys list',
  'static-sites list',
  'static-sites deployments docs',
  'static-sites domains list docs',
  'webhooks deliveries',
  'registry repos list',
  'registry tags list web',
  'apps catalog',
  'apps list',
  'uptime list',
  'uptime results api-health',
  'alerts metric list',
  'alerts metric history vps-01-cpu-high',
  'alerts resource rules list',
  'alerts resource incidents list',
  'alerts resource sources',
  'alerts resource catalog',
  'snapshots list vps',
  'snapshots list database',
  'recovery capabilities',
].map((line) => line.split(' '));

async function onTerminal(argv: string[], width: number) {
  const stdout = new Capture(true, width);
  const r = await simCli(sim, argv, { stdout });
  return { ...r, stdout: stdout.text };
}

/** The header of a terminal table: its names (bold on a terminal), two spaces or more apart. */
const headerNames = (text: string) =>
  text
    .split('\n')[0]!
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split(/ {2,}/);

describe('every list on a terminal', () => {
  it.each(LISTS)('%s: fits 40 and 80 columns; --wide shows what was left out', async (...argv) => {
    for (const width of [40, 80]) {
      const r = await onTerminal(argv, width);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.split('\n');
      expect(
        lines.filter((l) => displayWidth(l) > width),
        `${width} columns:\n${r.stdout}`,
      ).toEqual([]);
      const notes = r.stderr.split('\n').filter((l) => l.includes('left out to fit'));
      expect(notes.length).toBeLessThanOrEqual(1);
      if (notes[0]) expect(notes[0]).toMatch(new RegExp(`^hint: [A-Z ,]+ left out to fit ${width} columns; --wide shows them$`));
    }
    const wide = await onTerminal([...argv, '--wide'], 40);
    expect(wide.code, wide.stderr).toBe(0);
    expect(wide.stderr).not.toContain('left out to fit');
  });

  it.each(LISTS.filter((argv) => !['serverless usage', 'recovery'].some((w) => argv.join(' ').startsWith(w))))(
    '%s: piped, TSV with every column the widest table has, --wide or not',
    async (...argv) => {
      const piped = await simCli(sim, argv);
      const pipedWide = await simCli(sim, [...argv, '--wide']);
      expect(pipedWide.stdout).toBe(piped.stdout);
      if (!piped.stdout) return; // an empty list prints nothing on stdout, however it is shown
      const wide = await onTerminal([...argv, '--wide'], 400);
      expect(piped.stdout.split('\n')[0]!.split('\t')).toEqual(headerNames(wide.stdout));
      for (const line of piped.stdout.replace(/\n$/, '').split('\n')) expect(line.split('\t')).toHaveLength(headerNames(wide.stdout).length);
    },
  );
});
