// Human view of diagnose findings, the same whichever path produced them.
import type { Style } from './color.js';
import { failureHint } from '../shared/hints.js';

export interface FindingLike {
  code: string;
  severity?: string | null;
  summary?: string | null;
  remediation?: string | null;
  retryable?: boolean | null;
}

const LABELS: Record<string, string> = { fatal: 'FATAL', action_required: 'ACTION', transient_recovered: 'RECOVERED', informational: 'INFO' };

export function renderFindings(findings: readonly FindingLike[], style: Style, ref: string): string {
  if (findings.length === 0) return 'no findings: nothing looks wrong\n';
  const paint: Record<string, (s: string) => string> = { fatal: style.red, action_required: style.yellow, transient_recovered: style.dim, informational: style.dim };
  const width = Math.max(...Object.values(LABELS).map((l) => l.length));
  let out = '';
  findings.forEach((f, i) => {
    const sev = f.severity ?? 'informational';
    const label = (LABELS[sev] ?? sev.toUpperCase()).padEnd(width);
    const retry = f.retryable === true ? '  (retryable)' : f.retryable === false && sev !== 'informational' ? '  (not retryable: retrying will not help)' : '';
    out += `${String(i + 1).padStart(2)}. ${(paint[sev] ?? ((s: string) => s))(label)} ${style.bold(f.code)}${retry}\n`;
    if (f.summary) out += `    ${f.summary}\n`;
    const fix = f.remediation ?? failureHint(f.code, ref)?.hint;
    if (fix) out += `    ${style.cyan('fix:')} ${fix}\n`;
  });
  return out;
}
