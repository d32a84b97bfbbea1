// `account limits request`: asks for higher account limits (POST /api/v1/account-limits/
// increase-requests, body RequestAccountLimitIncreaseRequest). The API answers 202 with the
// approval a reviewer decides; the command prints it and how to follow it, or follows it
// itself with --wait (approvals/read.ts: the one wait engine, paced by the server).
import { InvalidArgumentError } from 'commander';
import { choice, defineCommand, list, option, required, withChoices } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { intOption } from '../../cli/options.js';
import type { LimitIncrease } from '../../client/account.js';
import { ConflictError } from '../../client/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { accountApi, approvalLines, followApproval } from '../kit/approvals.js';

/** --resource → the request's field (RequestAccountLimitIncreaseRequest). */
export const LIMIT_FIELDS = {
  vps: 'requested_vps_limit',
  database: 'requested_database_limit',
  cache: 'requested_cache_limit',
  serverless: 'requested_serverless_limit',
  nextcloud: 'requested_nextcloud_limit',
  'cpu-cores': 'requested_cpu_cores',
  'memory-gb': 'requested_memory_gb',
  'storage-gb': 'requested_storage_gb',
} as const satisfies Record<string, keyof LimitIncrease>;
export type LimitResource = keyof typeof LIMIT_FIELDS;

export const PROFILES = ['nano', 'micro', 'small', 'medium', 'large', 'xlarge', 'nano_shared', 'micro_shared', 'small_shared', 'medium_shared', 'large_shared'] as const;

function profileOf(value: string): string {
  if (!(PROFILES as readonly string[]).includes(value)) throw new InvalidArgumentError(`--profile must be one of ${PROFILES.join(', ')}.`);
  return value;
}

/** Pure: the request body from the flags, or a usage error naming what is missing (nothing sent). */
export function increaseBody(opts: { resource?: LimitResource; limit?: number; reason: string; profiles: string[] }): LimitIncrease {
  if (opts.reason.trim() === '') throw new UsageError('--reason must say why the limits should be raised (the reviewer reads it)');
  if ((opts.resource === undefined) !== (opts.limit === undefined)) {
    throw new UsageError(opts.resource === undefined ? '--limit needs --resource (which limit to raise)' : '--resource needs --limit (the new limit)');
  }
  if (opts.resource === undefined && opts.profiles.length === 0)
    throw new UsageError('nothing to ask for: give --resource and --limit, or --profile', "e.g. infra account limits request --resource vps --limit 10 --reason '...'");
  return {
    reason: opts.reason,
    ...(opts.resource !== undefined ? { [LIMIT_FIELDS[opts.resource]]: opts.limit } : {}),
    ...(opts.profiles.length ? { requested_profiles: [...new Set(opts.profiles)] } : {}),
  };
}

export default defineCommand({
  path: ['account', 'limits', 'request'],
  description: 'ask for a higher account limit; a reviewer decides (--wait to follow the approval)',
  options: {
    resource: choice('--resource <resource>', 'the limit to raise', Object.keys(LIMIT_FIELDS) as LimitResource[]),
    limit: option('--limit <n>', 'the new limit (a count, or cores / GB for cpu-cores, memory-gb, storage-gb)', intOption('--limit')),
    profiles: withChoices(list('--profile <name>', 'a resource profile to be allowed (repeatable)', profileOf), PROFILES),
    reason: required('--reason <text>', 'why the limit should be raised (the reviewer reads it; the API requires it)'),
    ...operationWaitOptions('review'),
  },
  examples: [
    "infra account limits request --resource vps --limit 10 --reason 'load test next week'",
    "infra account limits request --resource memory-gb --limit 64 --reason 'bigger databases' --wait --timeout 2h",
    "infra account limits request --profile xlarge --reason 'build servers' --json | jq -r .id",
  ],
  help: "The answer is an approval: 'infra approvals wait <approval>' follows it (exit 0 granted, 1 refused with the reviewer's reason, 6 timeout). The server sets the pace of the checks (every 30 seconds while the review is open); --interval cannot make them more frequent. Only one request may wait for review at a time.",
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts, false, 'the review');
    const body = increaseBody({ resource: opts.resource, limit: opts.limit, reason: opts.reason, profiles: opts.profiles });
    const client = await app.client();
    let read;
    try {
      read = await accountApi(client).requestLimitIncrease(body, { signal: app.ctx.signal });
    } catch (err) {
      throw pendingElsewhere(err) ?? err;
    }
    const { approval } = read;
    if (flags.wait) {
      if (!app.json) app.keyValue(approvalLines(approval));
      app.info(`requested; approval ${approval.id} decides it`);
      return followApproval(app, client, approval.id, flags, read);
    }
    if (app.json) return app.printJson(read.raw);
    app.keyValue(approvalLines(approval));
    app.hint(`follow it with: infra approvals wait ${approval.id}`);
  },
});

/** A 409 naming the approval already open: exit 1, and the command that follows that one. */
function pendingElsewhere(err: unknown): CliError | undefined {
  if (!(err instanceof ConflictError)) return undefined;
  const e = (err.body as { error?: { approval_id?: unknown; review_url?: unknown } } | undefined)?.error;
  const id = typeof e?.approval_id === 'string' && e.approval_id ? e.approval_id : undefined;
  if (!id) return undefined;
  const page = typeof e?.review_url === 'string' && e.review_url ? ` (review page: ${e.review_url})` : '';
  return new CliError(ExitCode.FAILED, `not sent again: approval ${id} is still open for an earlier request${page}`, `follow that one with: infra approvals wait ${id}`, [
    `  the API said: ${err.message}`,
  ]);
}
