import { describe, expect, it } from 'vitest';
import { closest, route } from '../../src/cli/route.js';

const KNOWN = [
  'serverless list',
  'serverless logs',
  'serverless diagnose',
  'database dns enable',
  'database dns disable',
  'database list',
  'cache connection-info',
  'cache credentials',
  'database credentials',
  'database credentials rotate',
  'api',
  'sim',
].map((path) => ({ path }));

describe('route', () => {
  it.each([
    [[], { kind: 'help', path: [] }],
    [['--version'], { kind: 'root' }],
    [['--help'], { kind: 'help', path: [] }],
    [['serverless', 'list'], { kind: 'command', path: ['serverless', 'list'] }],
    [['--project', 'staging', 'serverless', 'logs', 'web', '--since', '1h'], { kind: 'command', path: ['serverless', 'logs'] }],
    [['serverless', 'logs', 'list'], { kind: 'command', path: ['serverless', 'logs'] }],
    [['api', '/vps'], { kind: 'command', path: ['api'] }],
    [['database', 'dns', 'enable', 'orders-pg'], { kind: 'command', path: ['database', 'dns', 'enable'] }],
    [['cache', 'credentials', 'x'], { kind: 'command', path: ['cache', 'credentials'] }],
    [['serverless'], { kind: 'group', path: ['serverless'] }],
    [['serverless', '--json'], { kind: 'group', path: ['serverless'] }],
    [['database', 'dns'], { kind: 'group', path: ['database', 'dns'] }],
    [['serverless', '--help'], { kind: 'help', path: ['serverless'] }],
    [['serverless', 'logs', '--help'], { kind: 'help', path: ['serverless', 'logs'] }],
    [['help', 'serverless', 'logs'], { kind: 'help', path: ['serverless', 'logs'] }],
    [['help', 'database', 'dns', 'enable'], { kind: 'help', path: ['database', 'dns', 'enable'] }],
    [['serverless', 'probe', '--help'], { kind: 'unknown', path: ['serverless'], word: 'probe', known: ['list', 'logs', 'diagnose'] }],
    [['serverless', 'lgos', 'web'], { kind: 'unknown', path: ['serverless'], word: 'lgos', known: ['list', 'logs', 'diagnose'] }],
    [['help', 'nope'], { kind: 'unknown', path: [], word: 'nope', known: ['serverless', 'database', 'cache', 'api', 'sim'] }],
    [['database', 'dns', 'toggle'], { kind: 'unknown', path: ['database', 'dns'], word: 'toggle', known: ['enable', 'disable'] }],
    [['serverless', '--', 'list'], { kind: 'group', path: ['serverless'] }],
    // shorthands route as the word they stand for, wherever it is a command
    [['db', 'ls'], { kind: 'command', path: ['database', 'list'] }],
    [['serverless', 'ls', '--json'], { kind: 'command', path: ['serverless', 'list'] }],
    [['db', 'dns', 'enable', 'x'], { kind: 'command', path: ['database', 'dns', 'enable'] }],
    [['help', 'db', 'ls'], { kind: 'help', path: ['database', 'list'] }],
    [['db', '--help'], { kind: 'help', path: ['database'] }],
    [['db'], { kind: 'group', path: ['database'] }],
    // not where the long word is not a command: `cache` has no delete here, `serverless` no `db`
    [['cache', 'rm', 'x'], { kind: 'unknown', path: ['cache'], word: 'rm', known: ['connection-info', 'credentials'] }],
    [['serverless', 'db'], { kind: 'unknown', path: ['serverless'], word: 'db', known: ['list', 'logs', 'diagnose'] }],
    // A command that also holds subcommands: a subcommand's name goes to it, anything else is an argument.
    [['database', 'credentials', 'orders-pg'], { kind: 'command', path: ['database', 'credentials'] }],
    [['database', 'credentials', 'rotate', 'orders-pg'], { kind: 'command', path: ['database', 'credentials', 'rotate'] }],
    [['database', 'credentials', 'rotate', '--help'], { kind: 'help', path: ['database', 'credentials', 'rotate'] }],
  ] as const)('%j', (argv, expected) => {
    expect(route(argv, KNOWN)).toEqual(expected);
  });

  it('closest: a near miss, or nothing', () => {
    expect(closest('lgos', ['list', 'logs', 'diagnose'])).toBe('logs');
    expect(closest('dignose', ['list', 'logs', 'diagnose'])).toBe('diagnose');
    expect(closest('probe', ['list', 'logs', 'diagnose'])).toBeUndefined();
  });
});
