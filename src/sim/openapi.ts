// /docs/api.json: the OpenAPI 3.0.3 description of every /api route the simulator serves.
// The routes are read from the msw handlers themselves, so a new route is documented by
// being served; response schemas come from the client's wire-format schemas where the client
// reads that answer (what the client relies on; the simulator sends more).
import * as z from 'zod/mini';
import type { RequestHandler } from 'msw';
import * as S from '../client/schemas.js';

type Schema = Record<string, unknown>;

const toSchema = (s: z.ZodMiniType): Schema => z.toJSONSchema(s, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' }) as Schema;

const components: Record<string, z.ZodMiniType> = {
  ErrorBody: z.looseObject({ message: z.optional(z.string()), error: z.optional(z.string()) }),
  ValidationErrorBody: S.ValidationErrorBody,
  VpsList: S.listOf(S.Vps),
  DatastoreList: S.listOf(S.Datastore),
  DatastoreAnswer: S.DatastoreAnswer,
  Credentials: S.Credentials,
  DnsAnswer: S.DnsAnswer,
  ContainerList: S.listOf(S.Container),
  ContainerAnswer: S.ContainerAnswer,
  CreateAnswer: S.CreateAnswer,
  UpdateAnswer: S.UpdateAnswer,
  RedeployAnswer: S.RedeployAnswer,
  MessageAnswer: S.MessageAnswer,
  OperationEnvelope: S.OperationEnvelope,
  RevisionsEnvelope: S.envelopeOf(S.RevisionsData),
  EventsEnvelope: S.envelopeOf(S.EventsData),
  LogsEnvelope: S.envelopeOf(z.looseObject({ available: z.boolean(), entries: z.array(S.LogEntry) })),
  DiagnoseEnvelope: S.envelopeOf(S.DiagnoseData),
  TeamsAnswer: S.TeamsAnswer,
  CapabilitiesAnswer: S.CapabilitiesAnswer,
  RecoveryPointList: S.listOf(S.RecoveryPoint),
  RestoreAnswer: S.RestoreAnswer,
};

/** The answer each route gives on success, where the client has a schema for it (`METHOD path`). */
const ANSWERS: Record<string, [status: string, schema: string]> = {
  'GET /api/v1/vps': ['200', 'VpsList'],
  'GET /api/v1/database': ['200', 'DatastoreList'],
  'GET /api/v1/cache': ['200', 'DatastoreList'],
  'GET /api/v1/database/{id}': ['200', 'DatastoreAnswer'],
  'GET /api/v1/cache/{id}': ['200', 'DatastoreAnswer'],
  'GET /api/v1/database/{id}/credentials': ['200', 'Credentials'],
  'GET /api/v1/cache/{id}/connection-info': ['200', 'Credentials'],
  'GET /api/v1/cache/{id}/credentials': ['200', 'Credentials'],
  'POST /api/v1/database/{id}/dns': ['200', 'DnsAnswer'],
  'POST /api/v1/cache/{id}/dns': ['200', 'DnsAnswer'],
  'DELETE /api/v1/database/{id}/dns': ['200', 'MessageAnswer'],
  'DELETE /api/v1/cache/{id}/dns': ['200', 'MessageAnswer'],
  'GET /api/v1/serverless': ['200', 'ContainerList'],
  'POST /api/v1/serverless': ['201', 'CreateAnswer'],
  'GET /api/v1/serverless/{id}': ['200', 'ContainerAnswer'],
  'PUT /api/v1/serverless/{id}': ['200', 'UpdateAnswer'],
  'DELETE /api/v1/serverless/{id}': ['200', 'MessageAnswer'],
  'POST /api/v1/serverless/{id}/redeploy': ['202', 'RedeployAnswer'],
  'GET /api/v1/serverless/{id}/revisions': ['200', 'RevisionsEnvelope'],
  'GET /api/v1/serverless/{id}/events': ['200', 'EventsEnvelope'],
  'GET /api/v1/serverless/{id}/logs': ['200', 'LogsEnvelope'],
  'GET /api/v1/serverless/{id}/diagnose': ['200', 'DiagnoseEnvelope'],
  'GET /api/v1/operations/{opId}': ['200', 'OperationEnvelope'],
  'GET /api/v1/user/teams': ['200', 'TeamsAnswer'],
  'GET /api/v1/recovery/capabilities': ['200', 'CapabilitiesAnswer'],
  'GET /api/v1/snapshots/{product}': ['200', 'RecoveryPointList'],
  'POST /api/v1/snapshots/{product}/{pointId}/restore': ['200', 'RestoreAnswer'],
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const content = (name: string) => ({ 'application/json': { schema: ref(name) } });

const errors = {
  '401': { description: 'Missing or invalid authentication', content: content('ErrorBody') },
  '403': { description: 'Insufficient permissions or token scope', content: content('ErrorBody') },
  '404': { description: 'Not found', content: content('ErrorBody') },
  '422': { description: 'Validation error', content: content('ValidationErrorBody') },
  '429': { description: 'Rate limit exceeded', content: content('ErrorBody') },
};

const LIST_PARAMS = [
  { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
  { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 15 } },
];
const TEAM_HEADER = { name: 'X-Team-Id', in: 'header', required: false, schema: { type: 'integer' } };

/** `*\/api/v1/serverless/:id` → `/api/v1/serverless/{id}` and its path parameters. */
function openApiPath(mswPath: string): { path: string; params: string[] } {
  const path = mswPath.replace(/^\*/, '').replace(/:([A-Za-z]+)/g, '{$1}');
  return { path, params: [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!) };
}

export function buildOpenApi(handlers: readonly RequestHandler[]): Schema {
  const schemas: Record<string, Schema> = {};
  for (const [name, s] of Object.entries(components)) schemas[name] = toSchema(s);
  const paths: Record<string, Record<string, Schema>> = {};
  for (const h of handlers) {
    const info = h.info as { method?: unknown; path?: unknown };
    if (typeof info.method !== 'string' || typeof info.path !== 'string' || !info.path.includes('/api/v1/')) continue;
    const { path, params } = openApiPath(info.path);
    const method = info.method.toLowerCase();
    const key = `${info.method.toUpperCase()} ${path}`;
    const answer = ANSWERS[key];
    const listed = info.method === 'GET' && /(?:s|vps|database|cache|serverless|\{product\})$/.test(path) && !path.endsWith('/logs') && !path.endsWith('/events') && !path.endsWith('/revisions');
    (paths[path] ??= {})[method] = {
      summary: key,
      parameters: [...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })), ...(listed ? LIST_PARAMS : []), TEAM_HEADER],
      responses: { ...(answer ? { [answer[0]]: { description: 'Success', content: content(answer[1]) } } : { '200': { description: 'Success' } }), ...errors },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Infrastructure Management API (local simulator)', version: '1.0.0' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
