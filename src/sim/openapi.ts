// /docs/api.json: the OpenAPI 3.0.3 description of every /api route the simulator serves,
// with response schemas generated from the client's wire-format schemas.
import * as z from 'zod/mini';
import * as S from '../client/schemas.js';

type Schema = Record<string, unknown>;

const toSchema = (s: z.ZodMiniType): Schema => z.toJSONSchema(s, { target: 'openapi-3.0', unrepresentable: 'any' }) as Schema;

const ErrorBody = z.looseObject({ message: z.string(), required_permission: z.optional(z.string()) });

const components: Record<string, z.ZodMiniType> = {
  ErrorBody,
  ValidationErrorBody: S.ValidationErrorBody,
  VpsList: S.listOf(S.Vps),
  Database: S.Database,
  DatabaseList: S.listOf(S.Database),
  Cache: S.Cache,
  CacheList: S.listOf(S.Cache),
  Credentials: S.Credentials,
  DnsAnswer: S.DnsAnswer,
  ContainerAnswer: S.ContainerAnswer,
  ContainerList: S.listOf(S.Container),
  RevisionsEnvelope: S.envelopeOf(S.RevisionsData),
  EventsEnvelope: S.envelopeOf(S.EventsData),
  LogsAnswer: S.LogsAnswer,
  DiagnoseEnvelope: S.envelopeOf(S.DiagnoseData),
  CapabilitiesAnswer: S.CapabilitiesAnswer,
  RecoveryPointList: S.listOf(S.RecoveryPoint),
  RestoreAnswer: S.RestoreAnswer,
  Operation: z.looseObject({ operation_id: z.string() }),
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const content = (name: string) => ({ 'application/json': { schema: ref(name) } });
const ok = (name: string, status = '200', description = 'OK') => ({ [status]: { description, content: content(name) } });

const errors = {
  '401': { description: 'Missing or invalid authentication', content: content('ErrorBody') },
  '403': { description: 'Insufficient permissions or token scope', content: content('ErrorBody') },
  '404': { description: 'Not found', content: content('ErrorBody') },
  '429': { description: 'Rate limit exceeded', content: content('ErrorBody') },
};
const invalid = { '422': { description: 'Validation error', content: content('ValidationErrorBody') } };

const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const pageParams = [
  { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
  { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
];
const productParam = { name: 'product', in: 'path', required: true, schema: { type: 'string', enum: ['vps', 'cache', 'database'] } };

const containerBody = {
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          image_url: { type: 'string' },
          port: { type: 'integer', minimum: 1, maximum: 65535 },
          environment_variables: { type: 'object', additionalProperties: { type: 'string' } },
          min_instances: { type: 'integer', minimum: 0 },
          max_instances: { type: 'integer', minimum: 1 },
          resource_profile: { type: 'string' },
          deployment_type: { type: 'string' },
        },
      },
    },
  },
};

function op(summary: string, permission: string | null, responses: Schema, params: Schema[] = [], extra: Schema = {}): Schema {
  const perm = permission ? ` Needs ${permission}.` : ' Any valid token.';
  return { summary, description: `${summary}.${perm}`, parameters: params, responses: { ...responses, ...errors }, ...extra };
}

export function buildOpenApi(): Schema {
  const schemas: Record<string, Schema> = {};
  for (const [name, s] of Object.entries(components)) schemas[name] = toSchema(s);
  const teamHeader = { name: 'X-Team-Id', in: 'header', required: false, schema: { type: 'string' } };
  const datastore = (kind: 'database' | 'cache', item: string, list: string) => ({
    [`/api/v1/${kind}`]: { get: op(`List ${kind} instances`, `${kind}:read`, { ...ok(list), ...invalid }, pageParams) },
    [`/api/v1/${kind}/{id}`]: { get: op(`Get one ${kind} instance`, `${kind}:read`, ok(item), [idParam]) },
    [`/api/v1/${kind}/{id}/dns`]: {
      post: op('Enable public DNS', `${kind}:write`, ok('DnsAnswer'), [idParam]),
      delete: op('Disable public DNS', `${kind}:write`, ok('DnsAnswer'), [idParam]),
    },
  });
  const paths: Record<string, Schema> = {
    '/api/v1/vps': { get: op('List VPS instances', 'vps:read', { ...ok('VpsList'), ...invalid }, pageParams) },
    ...datastore('database', 'Database', 'DatabaseList'),
    ...datastore('cache', 'Cache', 'CacheList'),
    '/api/v1/database/{id}/credentials': { get: op('Database credentials', 'database:read', ok('Credentials'), [idParam]) },
    '/api/v1/cache/{id}/connection-info': { get: op('Cache connection info (canonical route)', 'cache:read', ok('Credentials'), [idParam]) },
    '/api/v1/cache/{id}/credentials': { get: op('Cache credentials (alias of connection-info)', 'cache:read', ok('Credentials'), [idParam]) },
    '/api/v1/serverless': {
      get: op('List serverless containers', 'serverless:read', { ...ok('ContainerList'), ...invalid }, pageParams),
      post: op('Create a container', 'serverless:write', { ...ok('ContainerAnswer', '201', 'Created'), ...invalid }, [], { requestBody: containerBody }),
    },
    '/api/v1/serverless/{id}': {
      get: op('Get one container', 'serverless:read', ok('ContainerAnswer'), [idParam]),
      put: op('Update a container', 'serverless:write', { ...ok('ContainerAnswer'), ...invalid }, [idParam], { requestBody: containerBody }),
      delete: op('Delete a container', 'serverless:delete', { '204': { description: 'Deleted' } }, [idParam]),
    },
    '/api/v1/serverless/{id}/redeploy': { post: op('Redeploy a container', 'serverless:write', ok('ContainerAnswer'), [idParam]) },
    '/api/v1/serverless/{id}/revisions': { get: op('Revisions with conditions; Service and Route readiness', 'serverless:read', ok('RevisionsEnvelope'), [idParam]) },
    '/api/v1/serverless/{id}/events': { get: op('Platform events (ephemeral)', 'serverless:diagnostics', ok('EventsEnvelope'), [idParam]) },
    '/api/v1/serverless/{id}/logs': {
      get: op('Container logs', 'serverless:diagnostics', { ...ok('LogsAnswer'), ...invalid, '503': { description: 'Log store did not answer', content: content('LogsAnswer') } }, [
        idParam,
        ...['since', 'until', 'cursor'].map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } },
        { name: 'level', in: 'query', required: false, schema: { type: 'string', enum: ['debug', 'info', 'warn', 'error'] } },
        { name: 'container', in: 'query', required: false, schema: { type: 'string', enum: ['user-container', 'queue-proxy', 'all'] } },
      ]),
    },
    '/api/v1/serverless/{id}/diagnose': { get: op('Ranked diagnose findings', 'serverless:read', ok('DiagnoseEnvelope'), [idParam]) },
    '/api/v1/recovery/capabilities': { get: op('Recovery capability matrix', null, ok('CapabilitiesAnswer')) },
    '/api/v1/recovery/operations/{operationId}': {
      get: op('A restore operation', 'snapshot:read', ok('Operation'), [{ name: 'operationId', in: 'path', required: true, schema: { type: 'string' } }]),
    },
    '/api/v1/snapshots/{product}': { get: op('List recovery points', 'snapshot:read', { ...ok('RecoveryPointList'), ...invalid }, [productParam, ...pageParams]) },
    '/api/v1/snapshots/{product}/{id}': {
      delete: op('Delete a recovery point (refused while a restore depends on it)', 'snapshot:delete', {
        '204': { description: 'Deleted' },
        '409': { description: 'A restore operation depends on the point', content: content('ErrorBody') },
      }, [productParam, { name: 'id', in: 'path', required: true, schema: { type: 'string' } }]),
    },
    '/api/v1/snapshots/{product}/{id}/restore': {
      post: op(
        'Replace the existing resource from a recovery point',
        'snapshot:write',
        {
          ...ok('RestoreAnswer', '200', 'Gate closed: the restore started directly'),
          ...ok('RestoreAnswer', '202', 'Gate open: accepted with operation_id'),
          '409': { description: 'Another destructive operation runs, or a reused Idempotency-Key with a changed request', content: content('ErrorBody') },
          ...invalid,
        },
        [productParam, { name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }],
        { requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['confirm_name'], properties: { confirm_name: { type: 'string' }, safety_point: { type: 'boolean' } } } } } } },
      ),
    },
  };
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const o = operation as { parameters: Schema[] };
      o.parameters = [...o.parameters, teamHeader];
    }
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
