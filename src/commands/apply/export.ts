// `infra export`: the live state of the project as one file `infra apply -f` reads
// (docs/apply-format.md). Only what a create or an update can set; resources sorted by name and
// fields in a fixed order, so two exports of the same state are the same bytes. No secret is
// written: a container's variables by name only (keep_env), never a password or a token.
import { InvalidArgumentError } from 'commander';
import { defineCommand, list, option } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { writeFileAtomic } from '../../cli/locked-file.js';
import { nonEmpty } from '../../cli/options.js';
import { rawStream } from '../../output/terminal-guard.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { jsonText } from '../../shared/json-text.js';
import { writeYaml, type YamlValue } from '../../shared/yaml-write.js';
import type { Adapter } from './adapter.js';
import { ADAPTERS, adapterFor, API_VERSION, KIND } from './document.js';

function familiesOption(value: string): Adapter[] {
  if (value.split(',').every((w) => w.trim() === '')) throw new InvalidArgumentError(`--family takes one or more of ${ADAPTERS.map((x) => x.family).join(', ')}, comma-separated.`);
  return value
    .split(',')
    .filter((w) => w.trim() !== '')
    .map((w) => {
      const a = adapterFor(w);
      if (!a) throw new InvalidArgumentError(`--family: "${w.trim()}" is not a family export writes (${ADAPTERS.map((x) => x.family).join(', ')}).`);
      return a;
    });
}

const HEADER = [
  '# The live state as `infra apply -f FILE` reads it (docs/apply-format.md), written by `infra export`.',
  '# No secret is in this file: keep_env names variables whose values stay as they are.',
];

export default defineCommand({
  path: ['export'],
  description: 'write the live containers, databases, caches, queues, uptime checks, metric alerts and firewalls as one file infra apply reads',
  options: {
    family: list('--family <names>', `only these families, comma-separated or repeated: ${ADAPTERS.map((a) => a.family).join(', ')} (default: all)`, familiesOption),
    output: option('-o, --output <file>', 'write the file here (mode 0600, replaced whole) instead of standard output', nonEmpty('--output')),
  },
  examples: ['infra export -o project.yaml', 'infra export --family cache,database', "infra export --family firewall --json | jq '.firewalls[].name'"],
  help: "The file is YAML (JSON with --json) and holds only the fields a create or an update can set: no ids, statuses, endpoints or times. Resources are sorted by name, so an unchanged state exports the same bytes. Secrets are never exported: a container's environment variables are named in keep_env without their values (apply leaves them as they are), and no password, token or credential is written. A resource a file cannot describe (a container built from git, a metric alert without a name) is left out with a warning.",
  run: async (app, { opts }) => {
    const chosen = new Set(opts.family.flat());
    const adapters = ADAPTERS.filter((a) => chosen.size === 0 || chosen.has(a));
    const client = await app.client();
    const doc: Record<string, YamlValue> = { apiVersion: API_VERSION, kind: KIND };
    for (const adapter of adapters) {
      const entries: Record<string, YamlValue>[] = [];
      const lives = (await adapter.list(client, app.ctx.signal)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
      const names = new Set<string>();
      for (const item of lives) {
        const live = await adapter.complete(client, item, app.ctx.signal);
        const out = adapter.exported(live);
        if ('skip' in out && typeof out.skip === 'string') {
          app.warn(`not exported: ${out.skip}`);
          continue;
        }
        if (names.has(live.name)) {
          app.warn(`not exported: a second ${adapter.noun} named "${live.name}" (id ${live.id}): a file matches resources by name`);
          continue;
        }
        names.add(live.name);
        entries.push(out as Record<string, YamlValue>);
      }
      doc[adapter.key] = entries;
    }
    if (opts.output === undefined && app.json) {
      app.printJson(doc);
      return ExitCode.OK;
    }
    const text = app.json ? `${jsonText(doc, 2)}\n` : `${HEADER.join('\n')}\n${writeYaml(doc)}`;
    if (opts.output === undefined) {
      // Exact data: the writer escapes every control character itself.
      rawStream(app.ctx.stdout).write(text);
      return ExitCode.OK;
    }
    try {
      writeFileAtomic(opts.output, text);
    } catch (err) {
      throw new CliError(ExitCode.FAILED, `cannot write ${opts.output}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const count = Object.values(doc)
      .filter(Array.isArray)
      .reduce((n, l) => n + (l as unknown[]).length, 0);
    app.info(`wrote ${count} resource${count === 1 ? '' : 's'} to ${opts.output} (mode 0600)`);
    return ExitCode.OK;
  },
});
