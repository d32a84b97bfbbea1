// `infra serverless revisions <id>`: every revision (with or without traffic) and its
// conditions, then Service and Route readiness (docs/behaviour.md#api-observability). Condition status words follow
// the spec: True satisfied, False a settled verdict, Unknown still in progress.
import type { Condition, RevisionsData } from '../../client/schemas.js';
import { containerPath } from '../../client/diagnostics.js';
import { age } from '../../output/age.js';
import { DEFAULT_WIDTH } from '../../output/fit.js';
import { displayWidth } from '../../output/width.js';
import type { Style } from '../../output/color.js';
import { resourceArg, defineCommand } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';

export default defineCommand({
  path: ['serverless', 'revisions'],
  description: 'every revision with its conditions (True satisfied, False settled failure, Unknown in progress), and Service and Route readiness',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  examples: ['infra serverless revisions web', 'infra serverless revisions edge --json | jq ".route.traffic"'],
  run: async (app, { args }) => {
    const client = await app.client();
    const id = await client.serverless.resolveId(args[0], { signal: app.ctx.signal });
    const answer = await client.diagnostics.revisions(containerPath(id), { signal: app.ctx.signal, permission: 'serverless:read' });
    if (app.json) {
      app.printJson((answer.raw as { data?: unknown })?.data ?? answer.data);
      return;
    }
    // On a terminal a revision's line breaks between its facts rather than mid-word.
    const width = app.ctx.stdout.isTTY ? app.ctx.stdout.columns || DEFAULT_WIDTH : Infinity;
    app.print(renderRevisions(answer.data, app.serverNow(), app.style, width));
  },
});

export function conditionState(status: string): string {
  if (status === 'True') return 'satisfied';
  if (status === 'False') return 'settled failure';
  if (status === 'Unknown') return 'in progress';
  return `unknown status ${status}`;
}

/** Pure: the human view; a revision's facts go on as many lines of `width` as they need. */
export function renderRevisions(data: RevisionsData, now: number, style: Style, width = Infinity): string {
  const lines: string[] = [];
  lines.push(readinessLine('Service', data.service?.conditions, style));
  lines.push(...conditionLines(data.service?.conditions ?? [], style));
  lines.push(readinessLine('Route', data.route?.conditions, style));
  lines.push(...conditionLines(data.route?.conditions ?? [], style));
  const ingress = data.route?.conditions?.find((c) => c.type === 'IngressReady');
  if (!ingress) lines.push(`  ${style.dim('IngressReady not reported by the API')}`);
  if (data.available === false) lines.push('', style.yellow('the platform could not read the revisions this time (available: false)'));
  if (data.revisions.length === 0) {
    lines.push('', 'no revisions yet');
    return lines.join('\n');
  }
  const traffic = trafficByRevision(data);
  const latest = data.revisions.find((r) => r.is_latest_created) ?? data.revisions[0];
  data.revisions.forEach((r) => {
    const replicas = `${r.actual_replicas ?? '?'}/${r.desired_replicas ?? '?'}`;
    const header = [
      style.bold(r.name ?? '(unnamed)'),
      `generation ${r.generation ?? '?'}`,
      `traffic ${r.name ? (traffic.get(r.name) ?? 0) : '?'}%`,
      `replicas ${replicas}`,
      `created ${r.created_at ? age(r.created_at, now) : '?'}`,
    ];
    if (r === latest) header.push(style.dim('(latest)'));
    if (r.is_latest_ready) header.push(style.dim('(latest ready)'));
    lines.push('', ...joinWithin(header, width));
    lines.push(...conditionLines(r.conditions, style));
  });
  return lines.join('\n');
}

/** `parts` two spaces apart, on lines of at most `width` columns (the later ones indented). */
function joinWithin(parts: string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    const next = line ? `${line}  ${part}` : part;
    if (!line || displayWidth(next) <= width) line = next;
    else {
      lines.push(line);
      line = `  ${part}`;
    }
  }
  return [...lines, line];
}

/** Traffic lives in `route.traffic[]` (docs/behaviour.md#wire), keyed by revision name. */
export function trafficByRevision(data: RevisionsData): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of data.route?.traffic ?? []) {
    if (t.revision_name) out.set(t.revision_name, (out.get(t.revision_name) ?? 0) + (t.percent ?? 0));
  }
  return out;
}

/** Service and Route carry conditions, not a `ready` field: readiness is their Ready condition. */
function readinessLine(name: string, conditions: readonly Condition[] | undefined, style: Style): string {
  const ready = conditions?.find((c) => c.type === 'Ready');
  const word = !ready ? style.dim('not reported') : ready.status === 'True' ? style.green('ready') : ready.status === 'Unknown' ? style.yellow('in progress') : style.red('not ready');
  return `${style.bold(name.padEnd(8))} ${word}`;
}

function conditionLines(conditions: readonly Condition[], style: Style): string[] {
  const width = Math.max(0, ...conditions.map((c) => c.type.length));
  return conditions.map((c) => {
    const state = conditionState(c.status);
    const painted = c.status === 'True' ? style.green(state) : c.status === 'False' ? style.red(state) : style.yellow(state);
    const detail = c.status === 'True' ? '' : `  ${[c.reason, c.message].filter(Boolean).join(': ') || 'no reason given'}`;
    return `  ${c.type.padEnd(width)}  ${c.status.padEnd(7)}  ${painted}${detail}`;
  });
}
