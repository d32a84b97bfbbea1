// `infra vps ssh` and `vps ssh-config` as real processes, with a fake `ssh` on PATH (a node
// script that records its argv and exits with a code it is given): the address and user from
// the API, ssh's exit code passed through, and a hostile address or user never passed on.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { fakeProgram } from '../helpers/fake-program.js';
import { peek, SEED_IDS, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
let env: Record<string, string>;
useSimulator((s, e) => {
  sim = s;
  env = e;
});

let dir: string;
let log: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'infra-ssh-'));
  log = join(dir, 'argv.json');
  fakeProgram(dir, 'ssh', { log, exitEnv: 'FAKE_SSH_EXIT' });
});

const withSsh = (extra: Record<string, string> = {}) => ({ ...env, PATH: [dir, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter), ...extra });
const argv = () => (JSON.parse(readFileSync(log, 'utf8')) as { argv: string[] }).argv;
const VPS1 = SEED_IDS.vps[0]!;

/** GET /vps/{id} of vps-01 answered with its instance changed by `change` (and the answer around it by `around`). */
async function vpsAnswer(change: Record<string, unknown>, around: Record<string, unknown> = {}) {
  const real = await peek<{ instance: Record<string, unknown> }>(sim, `/api/v1/vps/${VPS1}`);
  sim.use(http.get(`*/api/v1/vps/${VPS1}`, () => HttpResponse.json({ ...real, ...around, instance: { ...real.instance, ...change } })));
  return real;
}

describe('infra vps ssh', () => {
  it("runs ssh with argv only: -- before user@address, the command after it, and ssh's exit code passed through", async () => {
    const real = await peek<{ instance: { public_ip: string } }>(sim, `/api/v1/vps/${VPS1}`);
    const r = await spawnCli(['vps', 'ssh', 'vps-01', '-i', 'keys/id ed25519', '--', 'uptime', '-p; rm -rf /'], { env: withSsh({ FAKE_SSH_EXIT: '7' }) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(7);
    expect(argv()).toEqual(['-i', 'keys/id ed25519', '--', `root@${real.instance.public_ip}`, 'uptime', '-p; rm -rf /']);
    // 255 is ssh's own failure: passed through as it is.
    expect((await spawnCli(['vps', 'ssh', 'vps-01'], { env: withSsh({ FAKE_SSH_EXIT: '255' }) })).code).toBe(255);
  });

  it("logs in as the image's default user when the API names one; --user wins", async () => {
    sim.use(http.get('*/api/v1/vps/images', () => HttpResponse.json({ images: [{ id: 'ubuntu-24.04', image: 'ubuntu-24.04', label: 'Ubuntu', default_user: 'ubuntu' }] })));
    await vpsAnswer({ image: 'ubuntu-24.04' });
    expect((await spawnCli(['vps', 'ssh', 'vps-01'], { env: withSsh() })).code).toBe(0);
    expect(argv().at(-1)).toMatch(/^ubuntu@/);
    expect((await spawnCli(['vps', 'ssh', 'vps-01', '--user', 'deploy'], { env: withSsh() })).code).toBe(0);
    expect(argv().at(-1)).toMatch(/^deploy@/);
  });

  it('refuses an address or a user from the server that ssh would read as an option, and never starts ssh', async () => {
    for (const bad of ['-oProxyCommand=touch /tmp/pwned', '203.0.113.9 -oProxyCommand=x', 'host\nname']) {
      sim.resetHandlers();
      await vpsAnswer({ public_ip: bad });
      const r = await spawnCli(['vps', 'ssh', 'vps-01'], { env: withSsh() });
      expect(r.code, bad).toBe(1);
      expect(r.stderr).toMatch(/^error: the API gave VPS vps-01 an address that is not an IP address or a host name; refusing to pass it to ssh$/m);
      expect(existsSync(log)).toBe(false);
    }
    sim.resetHandlers();
    sim.use(http.get('*/api/v1/vps/images', () => HttpResponse.json({ images: [{ id: 'debian-12', image: 'debian-12', default_user: '-oProxyCommand=x' }] })));
    await vpsAnswer({ image: 'debian-12' });
    const u = await spawnCli(['vps', 'ssh', 'vps-01'], { env: withSsh() });
    expect(u.code).toBe(1);
    expect(u.stderr).toContain('a default user that is not a login name');
    expect(existsSync(log)).toBe(false);
    const flag = await spawnCli(['vps', 'ssh', 'vps-01', '--user', '-oProxyCommand=x'], { env: withSsh() });
    expect(flag.code).toBe(2);
    expect(existsSync(log)).toBe(false);
  });

  it('a VPS that is not running, or has no public address: exit 1 and what to do', async () => {
    const stopped = await spawnCli(['vps', 'ssh', 'vps-15'], { env: withSsh() });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('error: VPS vps-15 is stopped, not running');
    expect(stopped.stderr).toContain("hint: start it with 'infra vps start vps-15 --wait'");
    await vpsAnswer({ public_ip: null, ipv6_address: null }, { connection_info: { public_ip: null, ipv6_address: null, private_ip: '10.0.0.5' } });
    const none = await spawnCli(['vps', 'ssh', 'vps-01'], { env: withSsh() });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('error: VPS vps-01 has no public address');
    expect(existsSync(log)).toBe(false);
  });

  it('without ssh on PATH: one line, exit 1', async () => {
    // A PATH of one empty folder: no ssh anywhere (node's own folder may hold a real one).
    const r = await spawnCli(['vps', 'ssh', 'vps-01'], { env: { ...env, PATH: mkdtempSync(join(tmpdir(), 'infra-nossh-')) } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: ssh was not found on PATH$/m);
  });
});

describe('infra vps ssh-config', () => {
  it('prints a Host block with a name ssh_config can hold', async () => {
    const real = await vpsAnswer({ name: 'web box #1\n  ProxyCommand x' });
    const ip = (real.instance as { public_ip: string }).public_ip;
    const r = await spawnCli(['vps', 'ssh-config', VPS1, '-i', '/keys/id ed25519'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Host web-box-1-ProxyCommand-x\n  HostName ${ip}\n  User root\n  Port 22\n  IdentityFile "/keys/id ed25519"\n`);
  });
});
