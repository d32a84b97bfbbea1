// The one request a Tab may cost: the first page of a list, as large as the CLI asks for,
// within a short time limit and never retried (a retry would be a second request and a
// second wait while the user looks at a frozen prompt). Loaded only on a cache miss.
import { HttpClient } from '../../client/http.js';
import { RESOLVE_PER_PAGE, type ListRoute } from '../../client/resolve.js';
import { VERSION } from '../../cli/version.js';

/** The longest a Tab waits for the API. */
export const TIME_LIMIT_MS = 1_500;

export interface ListRequest {
  apiUrl: string;
  token: string;
  /** The team id to send as X-Team-Id (never a name: its lookup would be a second request). */
  team?: string;
  path: string;
  route: ListRoute;
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/** The answer as sent; throws on any failure (the caller offers nothing then). */
export async function fetchList(req: ListRequest): Promise<unknown> {
  const limit = TIME_LIMIT_MS;
  const http = new HttpClient({
    apiUrl: req.apiUrl,
    token: req.token,
    project: req.route.account ? undefined : req.team,
    env: req.env,
    maxRetries: 0,
    deadlineMs: limit,
    timeoutMs: { connect: limit, headers: limit, body: limit, total: limit },
    userAgent: `infra-cli/${VERSION} node/${process.versions.node}`,
    signal: req.signal,
  });
  try {
    const res = await http.get(req.path, { query: { page: 1, per_page: RESOLVE_PER_PAGE }, noTeam: req.route.account, signal: req.signal });
    return res.raw;
  } finally {
    await http.close();
  }
}
