// The grouped listing of `infra --help` (pure): one row per group, wrapped at 80 columns, so
// it stays a screen as nouns are added; a noun without a group still shows, under Other.
import { describe, expect, it } from 'vitest';
import { groupedListing, HELP_GROUPS } from '../../src/cli/help.js';

const noun = (name: string, aliases: string[] = []) => ({ name, aliases });

describe('groupedListing', () => {
  it('lists nouns in their group, in the order the groups give, with a shorthand beside its noun', () => {
    const text = groupedListing([noun('vps'), noun('serverless'), noun('database', ['db']), noun('help')]);
    expect(text.split('\n')).toEqual([
      'Commands (infra <command> --help shows its subcommands):',
      '  Compute             serverless  vps',
      '  Data                database (db)',
      '  Tool                help',
      '  Shorthands          db = database  k8s = kubernetes  ls = list  rm = delete',
      '                      show = get',
    ]);
  });

  it('a noun without a group is not lost: it is listed under Other', () => {
    expect(groupedListing([noun('vps'), noun('gizmos')])).toMatch(/\n {2}Other {15}gizmos\n/);
  });

  it('wraps a long group within 80 columns, aligned under the first noun', () => {
    const many = Array.from({ length: 60 }, (_, i) => noun(`noun-${i}`));
    const lines = groupedListing(many).split('\n');
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(lines.filter((l) => l.startsWith(' '.repeat(22)) && /\S/.test(l)).length).toBeGreaterThan(5);
    expect(
      lines
        .join(' ')
        .split(/\s+/)
        .filter((w) => w.startsWith('noun-')),
    ).toHaveLength(60);
  });

  it('each noun is in one group only', () => {
    const all = HELP_GROUPS.flatMap(([, names]) => names);
    expect(all.filter((n, i) => all.indexOf(n) !== i)).toEqual([]);
  });
});
