// `infra --help` on a terminal uses the terminal's width (it wrapped at 80 on a 120-column
// terminal); piped, it keeps the fixed 80 columns bin/infra serves prebuilt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { hasTmux, Tmux } from './tmux.js';

const longest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

describe.runIf(hasTmux || !!process.env.CI)('help at the terminal width', () => {
  let term: Tmux;
  beforeAll(() => {
    term = new Tmux();
  });
  afterAll(() => term.close());

  it('120 columns: the command listing fills them, nothing wider', async () => {
    term.resize(120, 30);
    term.clear();
    const r = await term.run('infra --help');
    expect(r.code).toBe(0);
    const listing = r.screen.slice(r.screen.indexOf('Commands ('));
    expect(longest(listing)).toBeGreaterThan(80);
    expect(longest(r.screen)).toBeLessThanOrEqual(120);
  });

  it('60 columns: the command listing wraps at 60', async () => {
    term.resize(60, 30);
    term.clear();
    const r = await term.run('infra --help');
    expect(r.code).toBe(0);
    // (commander leaves option descriptions unwrapped below 40 columns of room for them)
    const listing = r.screen.slice(r.screen.indexOf('Commands ('), r.screen.indexOf('Examples:'));
    expect(listing.split('\n').length).toBeGreaterThan(8);
    expect(longest(listing), listing).toBeLessThanOrEqual(60);
  });

  it('piped: the fixed 80 columns', async () => {
    const r = await spawnCli(['--help']);
    expect(r.code).toBe(0);
    expect(longest(r.stdout)).toBeLessThanOrEqual(80);
  });
});
