// SSH keys end to end against the simulator: integer ids and names, the public key from a file
// or standard input (checked before it is sent), deletion confirmed; and `vps create
// --ssh-key <name>` resolving the key by name.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ed25519Line, fingerprint, parsePublicKey } from '../../../src/shared/ssh-key.js';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body as Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'infra-ssh-'));

/** A real ed25519 key pair, as ssh-keygen writes its public half. */
function keyPair(comment: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const line = ed25519Line(raw, comment);
  const pub = join(dir, `${comment.replace(/\W/g, '_')}.pub`);
  writeFileSync(pub, `${line}\n`);
  const priv = join(dir, comment.replace(/\W/g, '_'));
  writeFileSync(priv, privateKey.export({ format: 'pem', type: 'pkcs8' }));
  return { line, pub, priv };
}

describe('ssh-keys list / get', () => {
  it('list: integer ids, fingerprints and types', async () => {
    const r = await h.cli(['ssh-keys', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tNAME\tFINGERPRINT\tTYPE\tCREATED');
    expect(r.stdout).toMatch(/^1\tlaptop\tSHA256:\S+\tssh-ed25519\t/m);
    expect(r.stdout).toMatch(/^2\tci-runner\t/m);
  });

  it('get by integer id: no lookup; by name: one list request', async () => {
    const byId = await h.cli(['ssh-keys', 'get', String(SEED_IDS.sshKeys.laptop), '--json']);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/ssh-keys/1']);
    expect(onlyJson(byId.stdout)).toMatchObject({ id: 1, name: 'laptop', team_id: '1' });
    h.sim.requests.length = 0;
    const byName = await h.cli(['ssh-keys', 'get', 'ci-runner']);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/ssh-keys', 'GET /api/v1/ssh-keys/2']);
    expect(byName.stdout).toMatch(/Public key:\s+ssh-ed25519 AAAA\S+ ci@acme/);
  });
});

describe('ssh-keys add', () => {
  it('from a file: the name defaults to the comment; the new id on stdout; the fingerprint ssh-keygen shows', async () => {
    const k = keyPair('dana@desktop');
    const r = await h.cli(['ssh-keys', 'add', k.pub]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('101\n');
    expect(sent('POST')).toEqual({ name: 'dana@desktop', public_key: k.line });
    const parsed = parsePublicKey(k.line);
    expect('error' in parsed).toBe(false);
    if (!('error' in parsed)) expect(r.stderr).toContain(fingerprint(parsed.blob));
  });

  it('from standard input, with --name and --default', async () => {
    const k = keyPair('ci@build');
    const r = await h.cli(['ssh-keys', 'add', '--name', 'build-box', '--default', '--json'], { stdin: `${k.line}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(sent('POST')).toEqual({ name: 'build-box', public_key: k.line, is_default: true });
    expect(onlyJson(r.stdout)).toMatchObject({ id: 101, name: 'build-box', public_key: k.line });
  });

  it('a private key, garbage, a missing file or a key without name: exit 2, nothing sent', async () => {
    const k = keyPair('x@y');
    const priv = await h.cli(['ssh-keys', 'add', k.priv, '--name', 'oops']);
    expect(priv.code).toBe(2);
    expect(priv.stderr).toContain('PRIVATE key');
    expect((await h.cli(['ssh-keys', 'add', '--name', 'g'], { stdin: 'ssh-ed25519 bm90IGEga2V5\n' })).stderr).toContain('does not hold a ssh-ed25519 key');
    expect((await h.cli(['ssh-keys', 'add', join(dir, 'missing.pub')])).code).toBe(2);
    const bare = k.line.split(' ').slice(0, 2).join(' ');
    const noName = await h.cli(['ssh-keys', 'add'], { stdin: bare });
    expect(noName.code).toBe(2);
    expect(noName.stderr).toContain('--name');
    expect(requestLines(h.sim)).toEqual([]);
  });

  it("the API's field errors (a name or key already there): exit 2, field by field", async () => {
    const k = keyPair('z@z');
    const r = await h.cli(['ssh-keys', 'add', k.pub, '--name', 'laptop']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  name: The name has already been taken.');
  });
});

describe('ssh-keys delete', () => {
  it('confirmed like every delete; --wait sees the 404 at once', async () => {
    expect((await h.cli(['ssh-keys', 'delete', 'ci-runner'])).code).toBe(2);
    const wrong = await h.cli(['ssh-keys', 'delete', 'ci-runner'], { stdinTTY: true, prompter: { text: async () => 'laptop', secret: async () => '' } });
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    const r = await h.cli(['ssh-keys', 'delete', 'ci-runner', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual(['DELETE /api/v1/ssh-keys/2']);
    expect(r.stderr).toMatch(/ci-runner is deleted/);
    expect((await h.cli(['ssh-keys', 'get', '2'])).code).toBe(5);
  });
});

describe('vps create --ssh-key', () => {
  it('a key name is resolved to its integer id, sent as ssh_key_id', async () => {
    const r = await h.cli(['vps', 'create', '--name', 'web-1', '--image', 'debian-12', '--profile', 'nano_shared', '--cpu-platform', 'amd', '--ssh-key', 'laptop', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)[0]).toBe('GET /api/v1/ssh-keys');
    expect(sent('POST')).toEqual({ name: 'web-1', image: 'debian-12', resource_profile: 'nano_shared', cpu_platform: 'amd', datacenter: 'fsn1', auth_method: 'ssh_key', ssh_key_id: 1 });
    const vps = h.sim.world.vps.list(1).find((v) => v.name === 'web-1')!;
    expect(vps.sshKeyId).toBe(1);
    expect((await h.cli(['vps', 'get', vps.id, '--json'])).stdout).toContain('"ssh_key_id": 1');
  });

  it('an unknown key name: not found (exit 5) before the create; an unknown id: the API refuses it (exit 2)', async () => {
    const byName = await h.cli(['vps', 'create', '--name', 'web-2', '--image', 'debian-12', '--profile', 'nano_shared', '--cpu-platform', 'amd', '--ssh-key', 'desktop']);
    expect(byName.code).toBe(5);
    expect(byName.stderr).toContain('no SSH key with the id or name "desktop"');
    expect(writes()).toEqual([]);
    const byId = await h.cli(['vps', 'create', '--name', 'web-2', '--image', 'debian-12', '--profile', 'nano_shared', '--cpu-platform', 'amd', '--ssh-key', '999']);
    expect(byId.code).toBe(2);
    expect(byId.stderr).toContain('  ssh_key_id: The selected ssh key id is invalid.');
  });
});
