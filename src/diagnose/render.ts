// Human view of diagnose findings, the same whichever path produced them.
import type { Style } from '../output/color.js';
import { failureHint } from '../rollout/hints.js';

export interface FindingLike {
  code: string;
  severity: string;
  message: string;
  hint?: string | null;
  retryable?: boolean | null;
}

export function renderFindings(findings: readonly FindingLike[], style: Style, ref: string): string {
  if (findings.length === 0) return 'no findings: nothing looks wrong\n';
  const paint: Record<string, (s: string) => string> = { error: style.red, warning: style.yellow, info: style.dim };
  let out = '';
  findings.forEach((f, i) => {
    const sev = f.severity.toUpperCase().padEnd(7);
    const retry = f.retryable === true ? '  (retryable)' : f.retryable === false ? '  (not retryable: retrying will not help)' : '';
    out += `${String(i + 1).padStart(2)}. ${(paint[f.severity] ?? ((s: string) => s))(sev)} ${style.bold(f.code)}${retry}\n`;
    out += `    ${f.message}\n`;
    const fix = f.hint ?? failureHint(f.code, ref)?.hint;
    if (fix) out += `    ${style.cyan('fix:')} ${fix}\n`;
  });
  return out;
}
