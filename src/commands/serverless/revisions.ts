// `infra serverless revisions <id>`: every revision (with or without traffic) and its
// conditions, then Service and Route readiness (spec 2.4). Condition status words follow
// the spec: True satisfied, False a settled verdict, Unknown still in progress.
import type { CommandRun } from '../../cli/app.js';
import type { Condition, RevisionsData } from '../../client/schemas.js';
import type { Style } from '../../output/color.js';

export const run: CommandRun = async (app, { args }) => {
  const client = await app.client();
  const id = await client.serverless.resolveId(String(args[0]));
  const answer = await client.diagnostics.revisions(id, { signal: app.ctx.signal });
  if (app.json) {
    app.printJson(answer.data);
    return;
  }
  app.print(renderRevisions(answer.data, app.ctx.clock.now(), app.style));
};

export function conditionState(status: string): string {
  if (status === 'True') return 'satisfied';
  if (status === 'False') return 'settled failure';
  if (status === 'Unknown') return 'in progress';
  return `unknown status ${status}`;
}

/** Pure: the human view. */
export function renderRevisions(data: RevisionsData, now: number, style: Style): string {
  const lines: string[] = [];
  lines.push(readinessLine('Service', data.service, style));
  lines.push(...conditionLines(data.service?.conditions ?? [], style));
  lines.push(readinessLine('Route', data.route, style));
  lines.push(...conditionLines(data.route?.conditions ?? [], style));
  const ingress = data.route?.conditions?.find((c) => c.type === 'IngressReady');
  if (!ingress) lines.push(`  ${style.dim('IngressReady not reported by the API')}`);
  if (data.revisions.length === 0) {
    lines.push('', 'no revisions yet');
    return lines.join('\n');
  }
  data.revisions.forEach((r, i) => {
    const replicas = `${r.actual_replicas ?? '?'}/${r.desired_replicas ?? '?'}`;
    const header = [
      style.bold(r.name),
      `generation ${r.generation ?? '?'}`,
      `traffic ${r.traffic_percent ?? 0}%`,
      `replicas ${replicas}`,
      `age ${r.created_at ? age(r.created_at, now) : '?'}`,
    ];
    if (i === 0) header.push(style.dim('(latest)'));
    lines.push('', header.join('  '));
    lines.push(...conditionLines(r.conditions, style));
  });
  return lines.join('\n');
}

function readinessLine(name: string, r: RevisionsData['service'], style: Style): string {
  const ready = r?.ready;
  const word = ready === true || ready === 'True' ? style.green('ready') : ready === undefined || ready === null ? style.dim('not reported') : style.red('not ready');
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

/** `45s`, `12m`, `3h`, `2d` since an ISO timestamp. */
export function age(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '?';
  const s = Math.max(0, Math.floor((now - t) / 1000));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  if (s < 172_800) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}
