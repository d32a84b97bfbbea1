// `infra apply -f FILE`: makes the live state match a file that `infra export` wrote (or a
// person did): creates what is absent, updates what differs, leaves the rest. It never
// deletes. --dry-run and --check only read; --check exits 10 when the live state has drifted.
import { defineCommand, flag, required } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { nonEmpty } from '../../cli/options.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { manyError, runWaits } from '../kit/wait/runner.js';
import { readDocument } from './document.js';
import { watchers } from './wait.js';
import { DRIFT, execute, planAll, printPlanned, refuseBlocked, resourceJson, WOULD } from './engine.js';

export default defineCommand({
  path: ['apply'],
  description: 'make containers, databases, caches, queues, uptime checks, metric alerts and firewalls match a file (infra export writes one); never deletes',
  options: {
    file: required('-f, --file <file>', 'the file: YAML, or JSON (.json); - reads standard input (docs/apply-format.md)', nonEmpty('--file')),
    dryRun: flag('--dry-run', 'print what would change (field: live -> file) and change nothing'),
    check: flag('--check', 'change nothing; exit 10 when the live state differs from the file, and print the differences'),
    ...operationWaitOptions('rollouts and operations of what was created or updated'),
  },
  examples: [
    'infra export -o project.yaml && infra apply -f project.yaml --check',
    'infra apply -f project.yaml --dry-run',
    'infra apply -f project.yaml',
    'infra apply -f project.yaml --wait --timeout 20m',
    'infra apply -f project.yaml --check --json | jq \'.resources[] | select(.action != "unchanged")\'',
  ],
  help: [
    'Each resource is found by its name in its family. Absent, it is created; present, only the fields the file gives and that differ are updated; equal, nothing is sent (a second apply sends no write). A field left out stays as it is, and a resource the file leaves out is never deleted.',
    'Secrets are never in the file: a container variable named in keep_env keeps its value as it is. A field only a create sets (a database engine, a datacenter) that differs is refused before any write (exit 1).',
    "--wait waits for every container, database, cache and queue that was created or updated, all at once, as each one's own --wait does; the exit code is the worst outcome (failed 1, degraded 3, timeout 6). Uptime checks, metric alerts and firewalls are done when the write answers.",
    '--check reads only and exits 0 when everything matches, 10 when something differs. --json prints {drifted | dry_run, resources: [{family, name, id, action, diff: [{field, live, file}]}]}, environment values as "***". Today\'s serverless apply file (containers: ...) is read as well. The file format: docs/apply-format.md.',
  ].join('\n\n'),
  run: async (app, { opts }) => {
    if (opts.check && opts.dryRun) throw new UsageError('--check and --dry-run both change nothing: give one', '--check also exits 10 when the live state differs');
    const flags = waitFlagsOf(opts, false, 'what apply changed');
    if (flags.wait && (opts.check || opts.dryRun)) throw new UsageError(`--${opts.check ? 'check' : 'dry-run'} changes nothing, so there is nothing to --wait for`);
    // The whole file is checked before the first request.
    const sections = await readDocument(app, opts.file);
    if (sections.every((s) => s.entries.length === 0)) {
      app.info(`${opts.file}: the file describes no resource: nothing to do`);
      if (app.json) app.printJson({ [opts.check ? 'drifted' : 'dry_run']: opts.check ? false : opts.dryRun, resources: [] });
      return ExitCode.OK;
    }
    const client = await app.client();
    const planned = await planAll(client, sections, app.ctx.signal);
    const differ = planned.filter((p) => p.plan.action !== 'unchanged');

    if (opts.check) {
      for (const p of differ) printPlanned(app, p, DRIFT[p.plan.action]);
      if (app.json) app.printJson({ drifted: differ.length > 0, resources: planned.map((p) => resourceJson(p, p.plan.action)) });
      if (differ.length === 0) {
        app.info(`in sync: the ${planned.length} resource${planned.length === 1 ? '' : 's'} of ${opts.file} match the live state`);
        return ExitCode.OK;
      }
      // A failure (exit 10), so that --json says it on stderr as every other failure is said.
      throw new CliError(
        ExitCode.DRIFTED,
        `drifted: ${differ.length} of ${planned.length} resource${planned.length === 1 ? '' : 's'} differ from ${opts.file}`,
        `'infra apply -f ${opts.file}' makes them match`,
      );
    }
    if (opts.dryRun) {
      for (const p of planned) printPlanned(app, p, WOULD[p.plan.action]);
      if (app.json) app.printJson({ dry_run: true, resources: planned.map((p) => resourceJson(p, p.plan.action)) });
      app.info(`dry run: ${differ.length} of ${planned.length} resource${planned.length === 1 ? '' : 's'} would change; nothing was sent`);
      return ExitCode.OK;
    }
    refuseBlocked(planned);
    const watch = flags.wait ? watchers(app, client, flags) : undefined;
    const done = await execute(app, client, planned, watch);
    const changed = done.filter((d) => d.action !== 'unchanged');
    app.info(`applied: ${changed.length} of ${done.length} resource${done.length === 1 ? '' : 's'} changed; nothing was deleted`);
    const subjects = watch ? await watch.subjects(done) : [];
    const finished = subjects.length ? await runWaits(app, client, subjects, flags) : [];
    if (app.json)
      app.printJson({
        dry_run: false,
        resources: done.map((d) => ({ ...resourceJson(d.planned, d.action, d.id), ...(flags.wait ? { wait: finished.find((f) => f.subject.id === d.id)?.json ?? null } : {}) })),
      });
    if (flags.wait) {
      if (subjects.length === 0) app.info('nothing that was changed rolls out: nothing to wait for');
      const err = manyError(finished);
      if (err) throw err;
      return ExitCode.OK;
    }
    // Changes roll out after the write; without --wait apply does not wait for them, and says how to.
    const follow = [...new Set(changed.map((d) => d.planned.adapter))].flatMap((a) => (a.follow ? [a.follow(changed.filter((d) => d.planned.adapter === a).map((d) => d.id))] : []));
    if (follow.length && !app.json) app.hint(`follow the changes with: ${follow.join('; ')} (or apply with --wait)`);
    return ExitCode.OK;
  },
});
