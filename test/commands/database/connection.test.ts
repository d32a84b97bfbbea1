// Connection-detail formatting (contract 9, spec 2.2): the current pair, the planes, masking.
import { describe, expect, test } from 'vitest';
import { credentialsView, currentPair, dnsEnabled, privatePair, publicPair, READ_ENDPOINTS_NOTE } from '../../../src/commands/resource/connection.js';
import type { Credentials, Datastore } from '../../../src/client/schemas.js';

const publicInstance: Partial<Datastore> = {
  internal_host: 'db.svc.cluster.local',
  internal_port: 5432,
  dns_hostname: 'db.example.net',
  dns_port: 30007,
  connection_host: 'db.example.net',
  connection_port: 30007,
  port: 5432,
};

const publicCreds: Credentials = {
  host: 'db.example.net',
  port: 30007,
  username: 'postgres',
  password: 'pg-S3cret-orders',
  database: 'app',
  connection_info: 'postgresql://postgres:pg-S3cret-orders@db.example.net:30007/app',
};

describe('connection fields', () => {
  test('the current pair is connection_host + connection_port, never dns_hostname with port', () => {
    expect(currentPair(publicInstance)).toBe('db.example.net:30007');
    expect(publicPair(publicInstance)).toBe('db.example.net:30007');
    expect(privatePair(publicInstance)).toBe('db.svc.cluster.local:5432');
    const view = credentialsView(publicCreds, publicInstance, false)
      .map(([, v]) => v)
      .join('\n');
    expect(view).not.toContain('db.example.net:5432');
    expect(Object.fromEntries(credentialsView(publicCreds, publicInstance, false))['connect to']).toBe('db.example.net:30007');
  });

  test('DNS off: private plane, no public endpoint', () => {
    const off = { ...publicInstance, dns_hostname: null, dns_port: null, connection_host: 'db.svc.cluster.local', connection_port: 5432 };
    expect(dnsEnabled(off)).toBe(false);
    expect(publicPair(off)).toBeUndefined();
    const view = Object.fromEntries(credentialsView({ ...publicCreds, host: 'db.svc.cluster.local', port: 5432 }, off, false));
    expect(view['plane']).toBe('private (public DNS is off)');
    expect(view['public endpoint']).toBe('none (public DNS is off)');
    expect(view['connect to']).toBe('db.svc.cluster.local:5432');
  });

  test('without the instance: the credentials pair, and no claim about planes', () => {
    const view = Object.fromEntries(credentialsView(publicCreds, undefined, false));
    expect(view['connect to']).toBe('db.example.net:30007');
    expect(view).not.toHaveProperty('plane');
  });

  test('secrets masked unless asked for', () => {
    const masked = Object.fromEntries(credentialsView(publicCreds, publicInstance, false));
    expect(masked.password).toBe('********'); // not even a prefix of a password
    expect(masked.url).toBe('postgresql://postgres:********@db.example.net:30007/app');
    const shown = Object.fromEntries(credentialsView(publicCreds, publicInstance, true));
    expect(shown.password).toBe('pg-S3cret-orders');
    expect(shown.url).toBe(publicCreds.connection_info);
  });

  test('read endpoints are private only', () => {
    expect(Object.fromEntries(credentialsView(publicCreds, publicInstance, false))['read endpoints']).toBe(READ_ENDPOINTS_NOTE);
  });
});
