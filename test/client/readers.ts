// Which schema of src/client/schemas.ts reads which operation's answer, and the client call
// that reads it. Shared by test/client/fixtures.test.ts (every fixture through every reader)
// and test/property/schemas.test.ts (the fixtures as the valid samples of the properties).
//
// A fake API in front of the client: an undici MockAgent that answers every request with the
// fixture (or text) the test chose, and records what was asked.
import { MockAgent } from 'undici';
import type * as z from 'zod/mini';
import { Client } from '../../src/client/index.js';
import type { HttpOptions } from '../../src/client/http.js';
import * as S from '../../src/client/schemas.js';
import { containerPath } from '../../src/client/diagnostics.js';
import type { DatastoreKind } from '../../src/client/datastores.js';
import type { RecoveryProduct } from '../../src/client/recovery.js';
import { fixturesFor, type Fixture } from '../fixtures/index.js';
import { instantClock } from '../helpers/clock.js';

export const SOME_ID = '3f6c2a1e-8b47-4d2a-9e15-6a0d4c7b9f21';

export interface Reader {
  name: string;
  /** The schema of schemas.ts; undefined where the client checks the answer itself (logs). */
  schema?: z.ZodMiniType;
  /** Operations as the facts write them (`GET /api/v1/serverless`). */
  operations: readonly string[];
  /** The client call that reads the answer of this fixture's operation. */
  call: (c: Client, f: Fixture) => Promise<unknown>;
}

const kindOf = (f: Fixture): DatastoreKind => (f.path.startsWith('/api/v1/cache') ? 'cache' : 'database');
const productOf = (f: Fixture): RecoveryProduct => /\/snapshots\/(vps|cache|database)/.exec(f.path)![1] as RecoveryProduct;
const first = async <T>(pages: AsyncGenerator<T>) => (await pages.next()).value as T;

export const READERS: readonly Reader[] = [
  { name: 'listOf(Vps)', schema: S.listOf(S.Vps), operations: ['GET /api/v1/vps'], call: (c) => first(c.vps.pages()) },
  { name: 'listOf(Container)', schema: S.listOf(S.Container), operations: ['GET /api/v1/serverless'], call: (c) => first(c.serverless.pages()) },
  { name: 'listOf(Datastore)', schema: S.listOf(S.Datastore), operations: ['GET /api/v1/database', 'GET /api/v1/cache'], call: (c, f) => first(c.datastores.pages(kindOf(f))) },
  {
    name: 'listOf(RecoveryPoint)',
    schema: S.listOf(S.RecoveryPoint),
    operations: ['GET /api/v1/snapshots/vps', 'GET /api/v1/snapshots/cache', 'GET /api/v1/snapshots/database'],
    call: (c, f) => first(c.recovery.points(productOf(f))),
  },
  { name: 'ContainerAnswer', schema: S.ContainerAnswer, operations: ['GET /api/v1/serverless/{serverlessContainer}'], call: (c) => c.serverless.get(SOME_ID) },
  { name: 'CreateAnswer', schema: S.CreateAnswer, operations: ['POST /api/v1/serverless'], call: (c) => c.serverless.create({ name: 'image-resizer' }) },
  { name: 'UpdateAnswer', schema: S.UpdateAnswer, operations: ['PUT /api/v1/serverless/{serverlessContainer}'], call: (c) => c.serverless.update(SOME_ID, { min_scale: 1 }) },
  { name: 'RedeployAnswer', schema: S.RedeployAnswer, operations: ['POST /api/v1/serverless/{serverlessContainer}/redeploy'], call: (c) => c.serverless.redeploy(SOME_ID) },
  {
    name: 'MessageAnswer',
    schema: S.MessageAnswer,
    operations: ['DELETE /api/v1/serverless/{serverlessContainer}', 'DELETE /api/v1/database/{id}/dns', 'DELETE /api/v1/cache/{id}/dns'],
    call: (c, f) => (f.family === 'serverless' ? c.serverless.delete(SOME_ID) : c.datastores.disableDns(kindOf(f), SOME_ID)),
  },
  { name: 'OperationEnvelope', schema: S.OperationEnvelope, operations: ['GET /api/v1/operations/{operation}'], call: (c) => c.serverless.operation('01K3D2X8R6M4Q9T1V5W7Y0ZB3C') },
  {
    name: 'envelopeOf(RevisionsData)',
    schema: S.envelopeOf(S.RevisionsData),
    operations: ['GET /api/v1/serverless/{serverlessContainer}/revisions'],
    call: (c) => c.diagnostics.revisions(containerPath(SOME_ID)),
  },
  {
    name: 'envelopeOf(EventsData)',
    schema: S.envelopeOf(S.EventsData),
    operations: ['GET /api/v1/serverless/{serverlessContainer}/events'],
    call: (c) => c.diagnostics.events(containerPath(SOME_ID)),
  },
  {
    name: 'envelopeOf(DiagnoseData)',
    schema: S.envelopeOf(S.DiagnoseData),
    operations: ['GET /api/v1/serverless/{serverlessContainer}/diagnose'],
    call: (c) => c.diagnostics.diagnose(containerPath(SOME_ID)),
  },
  {
    // Log pages are checked in place by diagnostics.ts (no copy per entry), not by a schema of schemas.ts.
    name: 'logs page',
    operations: ['GET /api/v1/serverless/{serverlessContainer}/logs'],
    call: (c) => c.diagnostics.logsPage(containerPath(SOME_ID), { since: '2026-08-19T09:00:00Z' }),
  },
  {
    name: 'DatastoreAnswer',
    schema: S.DatastoreAnswer,
    operations: ['GET /api/v1/database/{databaseInstance}', 'GET /api/v1/cache/{cacheInstance}'],
    call: (c, f) => c.datastores.get(kindOf(f), SOME_ID),
  },
  {
    name: 'Credentials',
    schema: S.Credentials,
    operations: ['GET /api/v1/database/{databaseInstance}/credentials', 'GET /api/v1/cache/{cacheInstance}/connection-info'],
    call: (c, f) => c.datastores.credentials(kindOf(f), SOME_ID),
  },
  { name: 'DnsAnswer', schema: S.DnsAnswer, operations: ['POST /api/v1/database/{id}/dns', 'POST /api/v1/cache/{id}/dns'], call: (c, f) => c.datastores.enableDns(kindOf(f), SOME_ID) },
  { name: 'TeamsAnswer', schema: S.TeamsAnswer, operations: ['GET /api/v1/user/teams'], call: (c) => c.teams.list() },
  { name: 'CapabilitiesAnswer', schema: S.CapabilitiesAnswer, operations: ['GET /api/v1/recovery/capabilities'], call: (c) => c.recovery.capabilities() },
  {
    name: 'RestoreAnswer',
    schema: S.RestoreAnswer,
    operations: ['POST /api/v1/snapshots/vps/{vpsSnapshot}/restore', 'POST /api/v1/snapshots/cache/{cacheSnapshot}/restore', 'POST /api/v1/snapshots/database/{databaseSnapshot}/restore'],
    call: (c, f) => c.recovery.restore(productOf(f), '311', { confirmName: 'bastion-1', safetyPoint: true, idempotencyKey: 'key-1' }),
  },
];

/**
 * Exports of schemas.ts that read no whole answer on their own: parts of the readers above,
 * or error bodies (read by error-body.ts, tested there and in fixtures.test.ts).
 */
export const NOT_READERS: Readonly<Record<string, string>> = {
  Pagination: 'part of listOf',
  EnvelopeError: 'error body',
  ValidationErrorBody: 'error body',
  StatusError: 'part of StatusDetails',
  StatusOperation: 'part of StatusDetails',
  StatusDetails: 'part of Container, Vps, Datastore, DiagnoseData',
  Capabilities: 'part of Container',
  Container: 'part of the container answers',
  Operation: 'part of CreateAnswer, OperationEnvelope',
  Condition: 'part of RevisionsData',
  Revision: 'part of RevisionsData',
  TrafficTarget: 'part of RouteStatus',
  ServiceStatus: 'part of RevisionsData',
  RouteStatus: 'part of RevisionsData',
  RevisionsData: 'read through envelopeOf',
  PlatformEvent: 'part of EventsData',
  EventsData: 'read through envelopeOf',
  LogEntry: 'the type of log entries (checked in place by diagnostics.ts)',
  LogsMeta: 'part of the logs page',
  Finding: 'part of DiagnoseData',
  DiagnoseData: 'read through envelopeOf',
  Vps: 'read through listOf',
  Datastore: 'part of DatastoreAnswer, read through listOf',
  Team: 'part of TeamsAnswer',
  CapabilityCell: 'part of CapabilityRow',
  CapabilityRow: 'part of CapabilitiesAnswer',
  RecoveryAction: 'part of RecoveryPoint',
  RecoveryPoint: 'read through listOf',
};

/** Every successful (2xx) fixture of a reader's operations. */
export function fixturesOf(r: Reader): Fixture[] {
  return r.operations.flatMap((op) => fixturesFor(op).filter((f) => f.status >= 200 && f.status < 300));
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeApi {
  client: Client;
  requests: FakeRequest[];
  /** Answer every request with this fixture from now on (status, headers, body). */
  serve(f: Pick<Fixture, 'status' | 'body' | 'headers'>): void;
  /** Answer every request with this text (a broken body) and content type. */
  serveText(status: number, text: string, contentType?: string): void;
  close(): Promise<void>;
}

/** A client whose transport answers with what the test chose; sleeps (backoffs) are recorded, not slept. */
export function fakeApi(opts: Partial<HttpOptions> = {}): FakeApi & { sleeps: number[] } {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const requests: FakeRequest[] = [];
  const clock = instantClock({ start: Date.parse('2026-08-19T10:00:00Z'), frozen: true });
  let answer: { status: number; text: string; headers: Record<string, string> } = { status: 500, text: '{"message":"nothing chosen"}', headers: {} };
  agent
    .get('http://api.test')
    .intercept({ path: () => true, method: () => true })
    .reply((req) => {
      const h: Record<string, string> = {};
      if (req.headers instanceof Headers) req.headers.forEach((v, k) => (h[k] = v));
      else Object.assign(h, req.headers ?? {});
      requests.push({ method: req.method, path: req.path, headers: lower(h), body: typeof req.body === 'string' ? JSON.parse(req.body) : null });
      return { statusCode: answer.status, data: answer.text, responseOptions: { headers: answer.headers } };
    })
    .persist();
  const client = new Client({
    apiUrl: 'http://api.test',
    token: 'tok',
    dispatcher: agent,
    clock,
    random: () => 0.5,
    ...opts,
  });
  return {
    client,
    requests,
    sleeps: clock.sleeps,
    serve: (f) => {
      answer = { status: f.status, text: f.body === null ? '' : JSON.stringify(f.body), headers: { 'content-type': 'application/json', ...lower(f.headers) } };
    },
    serveText: (status, text, contentType = 'application/json') => {
      answer = { status, text, headers: { 'content-type': contentType } };
    },
    close: () => agent.close(),
  };
}

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}
