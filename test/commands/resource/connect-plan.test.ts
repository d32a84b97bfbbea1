// What a client is given, from what the API said: a hostile endpoint never becomes an option or
// a second line of an option file, and what --print-env prints a shell reads back exactly.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cachePlan, databasePlan, EndpointError, endpointOf, shellLines } from '../../../src/commands/resource/connect-plan.js';

describe('endpointOf', () => {
  it('reads the fields first, the URL after, and the application user when asked', () => {
    const c = {
      host: 'db.example',
      port: 30001,
      username: 'postgres',
      password: 'p',
      connection_info: 'postgresql://x:y@other:1/app?sslmode=require',
      application_user: { username: 'app', password: 'q' },
    };
    expect(endpointOf(c)).toEqual({ host: 'db.example', port: 30001, username: 'postgres', password: 'p', database: 'app', tls: 'require' });
    expect(endpointOf(c, { applicationUser: true })).toMatchObject({ username: 'app', password: 'q' });
    expect(endpointOf({ connection_info: 'rediss://default:s%40cret@cache.example:6380/0' })).toEqual({ host: 'cache.example', port: 6380, username: 'default', password: 's@cret', tls: 'tls' });
  });

  it.each([
    ['a host that reads as an option', { host: '-oProxyCommand=touch /tmp/x' }],
    ['a host with a space', { host: 'a b' }],
    ['a password with a line break', { host: 'h', password: 'p\n[client]\nuser=root' }],
    ['a database name with a line break', { host: 'h', database: 'x\ny' }],
  ])('refuses %s', (_what, c) => {
    expect(() => endpointOf(c)).toThrow(EndpointError);
  });
});

describe('plans', () => {
  it('a MySQL option file quotes what the file format would read as syntax', () => {
    const plan = databasePlan('mysql', { host: 'h', port: 3306, username: 'root', password: 'a"b\\c\t#d' });
    expect(plan.optionFile).toContain('password="a\\"b\\\\c\\t#d"');
    expect(plan.args).toEqual(['--defaults-extra-file={option-file}']);
    expect(JSON.stringify(plan.args)).not.toContain('a"b');
  });

  it('redis-cli: no --user for the default user, --tls for rediss', () => {
    expect(cachePlan('redis', { host: 'h', port: 1, username: 'default', password: 'p', tls: 'tls' }).args).toEqual(['-h', 'h', '-p', '1', '--tls']);
    expect(cachePlan('redis', { host: 'h', username: 'ops' }).args).toEqual(['-h', 'h', '--user', 'ops']);
  });

  it('an unknown engine is said, not guessed', () => {
    expect(() => databasePlan('oracle', { host: 'h' })).toThrow(/no client is known for the oracle engine/);
  });
});

describe('shellLines', () => {
  it('a POSIX shell reads every value back exactly', () => {
    const vars = { A: "it's", B: 'x"$(touch /tmp/no)"`y`', C: 'line\\n; $HOME' };
    const script = `${shellLines(vars).join('\n')}\nprintf '%s\\0' "$A" "$B" "$C"`;
    const out = execFileSync('/bin/sh', ['-c', script]).toString('utf8').split('\0').slice(0, 3);
    expect(out).toEqual([vars.A, vars.B, vars.C]);
  });
});
