// The pure parts of `infra __complete`: which word is under the cursor, where its values come
// from, the path of a nested list, and which names are offered (and which never are).
import { describe, expect, it } from 'vitest';
import { arg, defineCommand, flag, option, resourceArg, completedFrom } from '../../../src/cli/command.js';
import { itemsOf, offer } from '../../../src/commands/completion/candidates.js';
import { fillPath, PROJECTS, readWords, sourceOf } from '../../../src/commands/completion/words.js';

const VPS = { path: '/vps' };
const KEYS = { path: '/ssh-keys' };
const VOLUMES = { path: '/vps/{vps}/volumes' };
const def = defineCommand({
  path: ['vps', 'volumes', 'get'],
  description: '',
  args: [resourceArg('<vps>', '', VPS), resourceArg('<volume>', '', VOLUMES)],
  options: { since: option('--since <d>', ''), key: completedFrom(option('-k, --key <k>', ''), KEYS), all: flag('--all', '') },
  examples: [],
  run: async () => {},
});
const many = defineCommand({ path: ['serverless', 'wait'], description: '', args: [arg('<mode>', ''), resourceArg('<id...>', '', { path: '/serverless' })], examples: [], run: async () => {} });

describe('readWords', () => {
  it('skips flags and their values; the words after the path are the arguments', () => {
    const r = readWords(['--project', 'staging', 'vps', 'volumes', 'get', '--since', '1h', 'vps-01', '--all'], def, 3);
    expect(r).toEqual({ place: { kind: 'arg', index: 1 }, args: ['vps-01'], globals: { '--project': 'staging' } });
    expect(sourceOf(r, def)).toBe(VOLUMES);
  });

  it('a flag waiting for its value is the place; --x=v forms and -- are understood', () => {
    expect(readWords(['vps', 'volumes', 'get', '-k'], def, 3).place).toEqual({ kind: 'flag', flag: '-k' });
    expect(sourceOf(readWords(['vps', 'volumes', 'get', '--key'], def, 3), def)).toBe(KEYS);
    expect(readWords(['--api-url=http://x', '--team', '2', 'vps'], undefined, 1).globals).toEqual({ '--api-url': 'http://x', '--team': '2' });
    expect(sourceOf(readWords(['--project'], undefined, 0), undefined)).toBe(PROJECTS);
    expect(readWords(['vps', 'volumes', 'get', '--', '--all'], def, 3).args).toEqual(['--all']);
  });

  it('no definition (a group, the root): only global option values', () => {
    expect(readWords(['vps'], undefined, 1).place).toEqual({ kind: 'other' });
    expect(sourceOf(readWords(['vps', '--team'], undefined, 1), undefined)).toBe(PROJECTS);
  });

  it('a variadic last argument takes every later position', () => {
    expect(sourceOf(readWords(['serverless', 'wait', 'all', 'web', 'api'], many, 2), many)).toEqual({ path: '/serverless' });
    expect(sourceOf(readWords(['serverless', 'wait'], many, 2), many)).toBeUndefined();
  });
});

describe('fillPath', () => {
  const reading = readWords(['vps', 'volumes', 'get', 'vps-01'], def, 3);
  it("puts the earlier argument, as the lookup turns it into a segment, in the route's path", () => {
    expect(fillPath('/vps/{vps}/volumes', reading, def, (a, v) => (a.name === '<vps>' && v === 'vps-01' ? 'id-1' : undefined))).toBe('/vps/id-1/volumes');
  });
  it('a missing argument or one that cannot be a path segment gives no path', () => {
    expect(fillPath('/vps/{vps}/volumes', reading, def, () => undefined)).toBeUndefined();
    expect(fillPath('/vps/{vps}/volumes', reading, def, () => '../x/y')).toBeUndefined();
    expect(fillPath('/x/{nope}', reading, def, (_, v) => v)).toBeUndefined();
  });
});

describe('candidates', () => {
  const route = { path: '/serverless', aliases: ['slug'] };
  const items = itemsOf({ data: [{ id: 'a1', name: 'web', slug: 'web-site', secret: 'x' }, { id: 'b2', name: 'my app; rm -rf ~' }, { id: 3, name: null }, 'junk'] }, route);

  it('keeps ids and names (aliases too), nothing else; names that would need quoting are left out', () => {
    expect(items).toEqual([
      { id: 'a1', names: ['web', 'web-site'] },
      { id: 'b2', names: [] },
      { id: '3', names: [] },
    ]);
    expect(itemsOf({ plans: [{ id: 'small', name: 'Small' }] }, { path: '/vps/plans', items: 'plans', names: ['id'] })).toEqual([{ id: 'small', names: ['small'] }]);
    expect(itemsOf({ message: 'nope' }, route)).toEqual([]);
  });

  it('names that start with the word typed; else ids that do', () => {
    expect(offer(items, '')).toEqual(['web', 'web-site']);
    expect(offer(items, 'web-')).toEqual(['web-site']);
    expect(offer(items, 'b')).toEqual(['b2']);
    expect(offer(items, 'zzz')).toEqual([]);
  });
});
