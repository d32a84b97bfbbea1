// The answers of a change are read for what the command needs: the id of a resource it already
// knows need not come back (issue 12: never require a field a command does not need).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../src/client/index.js';
import type { ResourceKind } from '../../src/client/resources.js';

const VPS: ResourceKind = { path: '/vps', noun: 'VPS', ids: 'uuid', wrapper: 'instance', permission: 'vps' };
const ID = '0b7e2f0e-6f43-4f0c-9d7b-1b7b8c2f5a10';

let server: Server;
let client: Client;
let answer: unknown;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  client = new Client({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', maxRetries: 0 });
});
afterAll(async () => {
  await client.close();
  server.close();
});

describe('resources.update', () => {
  it('an answer whose resource lacks its id: the known id, the rest as sent', async () => {
    answer = { message: 'VPS updated', instance: { name: 'vps-01', resource_profile: 'medium' } };
    const r = await client.resources.update(VPS, ID, { resource_profile: 'medium' });
    expect(r.value.id).toBe(ID);
    expect(r.raw).toMatchObject({ id: ID, name: 'vps-01', resource_profile: 'medium' });
    expect(r.message).toBe('VPS updated');
  });

  it('an answer without the resource at all: one line naming the endpoint and the field', async () => {
    answer = { message: 'VPS updated' };
    await expect(client.resources.update(VPS, ID, {})).rejects.toThrow(`the response of PUT /api/v1/vps/${ID} lacks the field "instance" this command needs`);
  });
});
