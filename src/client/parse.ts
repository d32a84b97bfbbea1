// Turns a zod failure into words a user can act on: which field, and what was wrong with it.
import type * as z from 'zod/mini';

export function describeIssue(error: z.core.$ZodError): { field: string; problem: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '', problem: 'has an unexpected shape' };
  const field = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  if (missing) return { field, problem: `lacks the required field "${field}"` };
  return { field, problem: `has an unreadable field "${field || '(root)'}": ${issue.message}` };
}
