// GitHub Actions: a failed or degraded rollout becomes an `::error::` annotation on the run,
// and every finished wait appends a small Markdown table to the job summary
// ($GITHUB_STEP_SUMMARY). Pure formatting; the command writes what these return.

/** `GITHUB_ACTIONS=true` is how a step knows it runs on GitHub Actions. */
export function onGitHubActions(env: Record<string, string | undefined>): boolean {
  return env.GITHUB_ACTIONS === 'true';
}

/** Workflow-command escaping: the message may hold %, CR and LF; properties also : and ,. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One `::error title=...::message` line. */
export function errorAnnotation(title: string, message: string): string {
  return `::error title=${escapeProperty(title)}::${escapeData(message)}`;
}

export interface SummaryRow {
  container: string;
  revision: string;
  outcome: string;
  duration: string;
  hint: string;
}

/**
 * A table cell of Markdown from server text: one line, no HTML (entities for < > &) and no
 * Markdown of its own (a link, an image, emphasis, a code span or a column break is escaped).
 * Controls are made visible before this, by the command (src/output/terminal-text.ts).
 */
function cell(s: string): string {
  const text = s
    .replace(/\r?\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~!#()]/g, '\\$&');
  return text.trim() || ' ';
}

/** The job-summary table of one finished wait (one row per container). */
export function summaryTable(rows: readonly SummaryRow[]): string {
  const lines = ['| container | revision | outcome | duration | hint |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${[r.container, r.revision, r.outcome, r.duration, r.hint].map(cell).join(' | ')} |`);
  return `${lines.join('\n')}\n\n`;
}
