import { randomUUID } from 'node:crypto';
import { InvalidArgumentError } from 'commander';
import { defineCommand, flag, list, option } from '../../cli/command.js';
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { ConflictError } from '../../client/errors.js';
import type { Container } from '../../client/schemas.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { fromFile, fromFlags, type Desired } from './apply-input.js';
import { diffJson, diffText, match, planOne, type Plan } from './apply-plan.js';
import { envKey, preflightOption, slugFrom, slugOption, specOptions, waitFlags, waitOptions, type WaitFlags } from './flags.js';
import { preflightGate } from './preflight-check.js';
import { V17_SETTINGS, warnUnreported } from './settings.js';
import { guardOf, guardOptions } from './guard.js';
import { guardFinished } from './apply-guard.js';
import { createTarget, manyError, prepareKnown, sendChange, waitMany, type Finished, type WaitItem } from '../kit/wait/container-flow.js';
import { nonEmpty } from '../../cli/options.js';

const KEY = /^[\x21-\x7e]{1,255}$/;

function keyOption(value: string): string {
  const v = value.trim();
  if (!KEY.test(v)) throw new InvalidArgumentError('--idempotency-key takes 1 to 255 printable characters without spaces.');
  return v;
}

export default defineCommand({
  path: ['serverless', 'apply'],
  description: 'create or update containers to match a description (flags or a JSON file): only what differs is sent',
  options: {
    file: option(
      '-f, --file <file>',
      'JSON or YAML (.yaml/.yml) file describing one or more containers (- reads standard input): {"containers": [{"name", "image", "slug", "port", "env": {}, "unset_env": [], "min", "max", "profile", "initial_scale", "scale_down_delay": "30s", "build_cache": true}]}',
    ),
    name: option('--name <name>', 'container name (created when no container has it)', nonEmpty('--name')),
    image: option('--image <ref>', 'image reference (no tag means latest)', nonEmpty('--image')),
    slug: option('--slug <slug>', 'URL-safe identifier (default: derived from the name)', slugOption),
    ...specOptions(),
    unsetEnv: list('--unset-env <KEY>', 'remove an environment variable when present (repeatable)', envKey),
    dryRun: flag('--dry-run', 'print the plan and change nothing'),
    idempotencyKey: option(
      '--idempotency-key <key>',
      'sent with each create, so a retried create returns the same container (default: a new key, printed; with several containers each gets KEY-<slug>)',
      keyOption,
    ),
    showSecrets: flag('--show-secrets', 'show environment variable values in the plan'),
    ...preflightOption(),
    ...waitOptions(),
    ...guardOptions(),
  },
  examples: [
    'infra serverless apply --name web --image registry.sim.local/acme/web:1.3.0 --env LOG_LEVEL=info',
    'infra serverless apply -f deploy.json --dry-run',
    'infra serverless apply -f deploy.json --preflight --wait --progress json',
    'infra serverless apply -f deploy.yaml --wait',
    'infra serverless apply -f deploy.json --json | jq -r \'.[] | "\\(.name) \\(.action)"\'',
  ],
  help: 'Each container is found by name (else by slug): absent, it is created (port 8080, profile small, scale 0-3 unless given); present, only the fields that differ are updated, the environment merged as update merges it (unset_env removes). Fields left out stay as they are. In a file, initial_scale is a whole number, scale_down_delay a duration in whole seconds as text ("0s", "30s", "5m"; sent as scale_down_delay_seconds), build_cache true or false. Nothing differs: "unchanged", nothing is sent, exit 0. --wait waits on every changed container at once; the exit code is the worst outcome (failed 1, degraded 3, timeout 6). --json prints one object per container: {name, id, action, diff, idempotency_key, spec_generation, outcome, wait}. A file is JSON, or YAML when it ends in .yaml or .yml (the block subset a deploy file needs: no anchors, tags or multi-line texts).',
  run: async (app, { opts }) => {
    const guard = guardOf(opts);
    const flags = waitFlags(opts, guard !== undefined);
    const given = (['name', 'image', 'slug', 'port', 'min', 'max', 'profile'] as const).filter((k) => opts[k] !== undefined).map((k) => `--${k}`);
    if (opts.env.length) given.push('--env');
    if (opts.unsetEnv.length) given.push('--unset-env');
    if (opts.initialScale !== undefined) given.push('--initial-scale');
    if (opts.scaleDownDelay !== undefined) given.push('--scale-down-delay');
    if (opts.buildCache !== undefined) given.push(opts.buildCache ? '--build-cache' : '--no-build-cache');
    if (opts.file !== undefined && given.length) throw new UsageError(`-f/--file cannot be combined with ${given.join(', ')}: the file describes the containers`);
    if (opts.dryRun && flags.wait) throw new UsageError('--dry-run changes nothing, so there is nothing to --wait for');
    const wanted = opts.file !== undefined ? await fromFile(app, opts.file) : fromFlags(opts);
    const baseKey = opts.idempotencyKey ?? randomUUID();
    const keyFor = (d: Desired) => (wanted.length === 1 ? baseKey : `${baseKey}-${d.slug ?? slugFrom(d.name)}`);

    const client = await app.client();
    // One list for all of them; an item without its environment is read in full (the diff must be exact).
    const items: Container[] = [];
    for await (const page of client.serverless.pages({ all: true, signal: app.ctx.signal })) for (const item of page.items) items.push(item);
    const plans: Plan[] = [];
    for (const d of wanted) {
      let current = match(d, items);
      if (current && (lacksEnv(d, current) || lacksSettings(d, current))) current = (await client.serverless.get(current.id, { signal: app.ctx.signal })).container;
      plans.push(planOne(d, current));
    }
    const clash = plans.find((p, i) => p.current && plans.findIndex((q) => q.current?.id === p.current!.id) !== i);
    if (clash) throw new UsageError(`two entries describe the same container (${clash.current!.name ?? clash.current!.id})`);

    if (opts.dryRun) {
      for (const p of plans) printPlan(app, p, `${p.action === 'unchanged' ? 'unchanged' : `would ${p.action}`}`, opts.showSecrets);
      if (opts.preflight) await gate(app, client, plans);
      if (app.json) app.printJson(plans.map((p) => ({ name: p.desired.name, id: p.current?.id ?? null, action: p.action, dry_run: true, diff: diffJson(p.diff, opts.showSecrets) })));
      return ExitCode.OK;
    }
    if (opts.preflight) await gate(app, client, plans);

    const results: Result[] = [];
    for (const p of plans) results.push(await execute(app, client, p, keyFor(p.desired), baseKey, opts.showSecrets, flags));
    const changed = results.filter((r) => r.item);
    let finished: Finished[] = [];
    if (flags.wait && changed.length)
      finished = await waitMany(
        app,
        client,
        changed.map((r) => r.item!),
        flags,
      );
    // --verify / --rollback-on-failure: each updated container that ended badly goes back alone.
    const guarded = guard
      ? await guardFinished(
          app,
          client,
          guard,
          finished,
          results.filter((r) => r.action === 'updated').map((r) => r.id),
          flags,
        )
      : undefined;
    if (app.json) {
      app.printJson(
        results.map((r) => {
          const f = finished.find((x) => x.subject.id === r.id);
          return {
            name: r.plan.desired.name,
            id: r.id,
            action: r.action,
            diff: diffJson(r.plan.diff, opts.showSecrets),
            ...(r.key ? { idempotency_key: r.key } : {}),
            spec_generation: r.generation ?? null,
            outcome: f ? f.result.outcome : null,
            wait: f ? f.json : null,
            ...(guarded?.json.has(r.id) ? guarded.json.get(r.id) : {}),
          };
        }),
      );
    }
    if (!flags.wait && changed.length && !app.json) app.hint(`follow the rollout${changed.length > 1 ? 's' : ''} with: infra serverless wait ${changed.map((r) => r.id).join(' ')}`);
    if (guarded?.error) throw guarded.error;
    const err = manyError(finished);
    if (err) throw err;
    return ExitCode.OK;
  },
});

/** The list item lacks the environment the description edits. */
function lacksEnv(d: Desired, c: Container): boolean {
  return (d.env.length > 0 || d.unsetEnv.length > 0) && (c.environment_variables === undefined || c.environment_variables === null);
}

/** The list item lacks a v1.7.0 setting the description gives (a list may send less than a read). */
function lacksSettings(d: Desired, c: Container): boolean {
  return V17_SETTINGS.some((f) => d.settings[f] !== undefined && c[f] === undefined);
}

interface Result {
  plan: Plan;
  id: string;
  action: 'created' | 'updated' | 'unchanged';
  key?: string;
  generation?: number;
  /** What to wait for (created or updated). */
  item?: WaitItem;
}

async function execute(app: App, client: Client, p: Plan, key: string, baseKey: string, showSecrets: boolean, flags: WaitFlags): Promise<Result> {
  const name = p.desired.name;
  if (p.action === 'unchanged') {
    printPlan(app, p, 'unchanged', showSecrets);
    return { plan: p, id: p.current!.id, action: 'unchanged' };
  }
  if (p.action === 'create') {
    app.ctx.stderr.write(`idempotency key for the create of ${name}: ${key} (to retry safely: --idempotency-key ${baseKey})\n`);
    let created;
    try {
      created = await client.serverless.create(p.change, { signal: app.ctx.signal, idempotencyKey: key });
    } catch (err) {
      if (err instanceof ConflictError && /idempotency/i.test(err.message))
        throw new CliError(
          ExitCode.FAILED,
          `the create of ${name} was refused: the idempotency key ${key} was already used for a different request (the API said: ${err.message})`,
          'reuse a key only to retry the very same request; run it without --idempotency-key for a new one',
        );
      throw err;
    }
    const c = created.container;
    warnUnreported(app, p.change, created.raw, c.name ?? name, c.id);
    const generation = c.spec_generation ?? undefined;
    printPlan(app, p, `created (id ${c.id}${generation !== undefined ? `, generation ${generation}` : ''})`, showSecrets);
    return {
      plan: p,
      id: c.id,
      action: 'created',
      key,
      ...(generation !== undefined ? { generation } : {}),
      item: {
        subject: { id: c.id, name: c.name ?? name, target: createTarget(c) },
        start: { initial: c, ...(created.operation?.poll_after_ms ? { pollAfterMs: created.operation.poll_after_ms } : {}) },
      },
    };
  }
  const prepared = await prepareKnown(app, client, { id: p.current!.id, name, item: p.current!, ref: name }, flags);
  const id = prepared.id;
  const sent = await sendChange(client, prepared, () => client.serverless.update(id, p.change, { signal: app.ctx.signal }), app.ctx.signal);
  if (!sent.rollout) {
    // Nothing rolls out: nothing to wait for, and no generation to claim as this change's.
    printPlan(app, p, `updated (id ${id}; the server started no new generation, generation stays ${prepared.before.spec_generation}: no rollout)`, showSecrets);
    return { plan: p, id, action: 'updated' };
  }
  const generation = sent.target.generation;
  printPlan(app, p, `updated (id ${id}${generation !== undefined ? `, generation ${generation}` : ''})`, showSecrets);
  return {
    plan: p,
    id,
    action: 'updated',
    ...(generation !== undefined ? { generation } : {}),
    item: { subject: { id, name: sent.name, target: sent.target }, start: sent.start },
  };
}

/** The human plan on stdout: `web: updated (id ..., generation 4)` and one line per difference. */
function printPlan(app: App, p: Plan, what: string, showSecrets: boolean): void {
  if (app.json) return;
  const id = p.current && !what.includes('id ') ? ` (id ${p.current.id})` : '';
  app.print(`${p.desired.name}: ${what}${id}`);
  for (const l of p.diff) app.print(`  ${diffText(l, showSecrets)}`);
}

async function gate(app: App, client: Client, plans: readonly Plan[]): Promise<void> {
  const images = plans.filter((p) => p.change.image !== undefined).map((p) => `${p.change.image}:${p.change.image_tag}`);
  if (images.length === 0) {
    app.info('preflight: nothing to check, no image changes');
    return;
  }
  await preflightGate(app, client, images);
}
