// Turns a zod failure into words a user can act on: which field, and what was wrong with it.
import type * as z from 'zod/mini';

/**
 * `input` is what was parsed: zod/mini's messages do not say what was received, so a missing
 * field is told from an unreadable one by looking the path up in the input itself.
 */
export function describeIssue(error: z.core.$ZodError, input?: unknown): { field: string; problem: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '', problem: 'has an unexpected shape' };
  const field = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
  const missing = (issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  if (missing) return { field, problem: `lacks the required field "${field}"` };
  return { field, problem: `has an unreadable field "${field || '(root)'}": ${issue.message}` };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur = root;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}
