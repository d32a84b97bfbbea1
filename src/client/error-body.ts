// The four error shapes of the real API, read into one description (docs/behaviour.md#wire):
//   {message}                       401, 403, 404
//   {message, errors: {field: [..]}} 422
//   {error: "..."}                  409 and some 422 (sometimes with `retryable`)
//   {success: false, error: {code, message, retryable}, ...}   envelope endpoints
// and the 500 of DNS endpoints, `{message, error: "detail"}`. Pure, so each shape is tested.

export interface ErrorBody {
  message?: string;
  /** A detail that came beside the message (`{message, error: "..."}`). */
  detail?: string;
  code?: string;
  retryable?: boolean;
  fieldErrors: Record<string, string[]>;
  /** No field errors (`{error}` or a bare `{message}`): on a 422 the API refused the resource's state, not the input. */
  stateRefusal: boolean;
}

export function readErrorBody(body: unknown): ErrorBody {
  const out: ErrorBody = { fieldErrors: {}, stateRefusal: false };
  if (!isObject(body)) return out;
  const message = text(body.message);
  const error = body.error;
  if (isObject(error)) {
    out.message = text(error.message) ?? message;
    out.code = text(error.code);
    if (typeof error.retryable === 'boolean') out.retryable = error.retryable;
  } else if (typeof error === 'string' && error.trim()) {
    if (message) {
      out.message = message;
      if (error !== message) out.detail = error;
    } else {
      out.message = error;
    }
  } else {
    out.message = message;
  }
  if (out.retryable === undefined && typeof body.retryable === 'boolean') out.retryable = body.retryable;
  if (isObject(body.errors)) {
    for (const [field, msgs] of Object.entries(body.errors)) {
      const list = Array.isArray(msgs) ? msgs.filter((m): m is string => typeof m === 'string') : typeof msgs === 'string' ? [msgs] : [];
      if (list.length) out.fieldErrors[field] = list;
    }
  }
  out.stateRefusal = !('errors' in body) && (typeof error === 'string' || out.message !== undefined) && !isObject(error);
  return out;
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
