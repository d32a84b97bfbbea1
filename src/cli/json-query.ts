// --query: a JMESPath expression (the language of the AWS and Azure CLIs) that shapes JSON
// output, so a script needs no jq. The library is loaded only when --query is given: start-up
// of every other command pays nothing. Compiled with the settings, before any request, so a bad
// expression is exit 2 with nothing sent. The rules of where it applies are in
// docs/behaviour.md#query.
import { UsageError } from './errors.js';

export interface JsonQuery {
  readonly expression: string;
  /** The expression applied to a whole document (an object, or a list's array). */
  apply(value: unknown): unknown;
  /**
   * One item of a stream (NDJSON): applied to a list holding only this item, so the same
   * filter works on a list and on a stream ("[?level=='error'].message"); what comes out is
   * printed one value a line (an array's elements each on its own line, nulls left out).
   */
  lines(item: unknown): unknown[];
}

/** A failure while applying (a function given the wrong type): said, exit 2. */
export class QueryError extends UsageError {
  override name = 'QueryError';
}

type Node = { type?: string; name?: string } & Record<string, unknown>;

/** Function names the expression calls, found in its tree (the library checks them only at run time). */
function calledFunctions(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const n of node) calledFunctions(n, out);
  else if (node && typeof node === 'object') {
    const n = node as Node;
    if (n.type === 'Function' && typeof n.name === 'string') out.add(n.name);
    for (const v of Object.values(n)) if (v && typeof v === 'object') calledFunctions(v, out);
  }
  return out;
}

const HELP = "see 'infra help formatting' and https://jmespath.org for the syntax";

export async function compileQuery(expression: string): Promise<JsonQuery> {
  const lib = await import('@jmespath-community/jmespath');
  let ast: ReturnType<typeof lib.compile>;
  try {
    ast = lib.compile(expression);
  } catch (err) {
    throw new UsageError(`--query: ${(err as Error).message.replace(/\s+/g, ' ').trim()} in ${JSON.stringify(expression)}`, HELP);
  }
  const known = new Set(lib.getRegisteredFunctions());
  const unknown = [...calledFunctions(ast)].filter((f) => !known.has(f));
  if (unknown.length) throw new UsageError(`--query: unknown function ${unknown.map((f) => `${f}()`).join(', ')} in ${JSON.stringify(expression)}`, HELP);
  const apply = (value: unknown): unknown => {
    try {
      return lib.TreeInterpreter.search(ast, value as never);
    } catch (err) {
      throw new QueryError(`--query: ${(err as Error).message.replace(/\s+/g, ' ').trim()}`, HELP);
    }
  };
  return {
    expression,
    apply,
    lines(item) {
      const out = apply([item]);
      if (out === null || out === undefined) return [];
      return Array.isArray(out) ? out.filter((v) => v !== null) : [out];
    },
  };
}
