// The shapes every product shares: lists, envelopes, errors, the status model (docs/behaviour.md#api-lists, docs/behaviour.md#api-status).
import * as z from 'zod/mini';
import { lazy } from './lazy.js';
import { lenient, optBool, optNum, optPollDelay, optText } from '../wire.js';

export const Pagination = lazy(() =>
  z.looseObject({
    current_page: optNum,
    last_page: optNum,
    per_page: optNum,
    total: optNum,
  }),
);

/** `{data, pagination}`: the list shape of docs/behaviour.md#api-lists. `pagination` is read when present. */
export function listOf<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ data: z.array(item), pagination: lenient(Pagination) });
}

/** The envelope of diagnostic and operation endpoints: `{success, data, error, meta}`. */
export function envelopeOf<T extends z.ZodMiniType>(data: T) {
  return z.looseObject({
    success: optBool,
    data,
    error: lenient(z.unknown()),
    meta: lenient(z.looseObject({})),
  });
}

/** The error member of an envelope (and of some bare answers): `{code, message, retryable}`. */
export const EnvelopeError = lazy(() => z.looseObject({ code: optText, message: optText, retryable: optBool, hint: optText }));

export const ValidationErrorBody = lazy(() =>
  z.looseObject({
    message: z.string(),
    errors: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
);

// --- The status model shared by every product (docs/behaviour.md#api-status) -------------------------------

export const StatusError = lazy(() =>
  z.looseObject({
    code: optText,
    source: optText,
    resource: lenient(z.looseObject({ kind: optText, name: optText })),
    reason: optText,
    message: optText,
    retryable: optBool,
    observed_at: optText,
  }),
);

export const StatusOperation = lazy(() =>
  z.looseObject({
    state: optText,
    terminal: optBool,
    /** The server's pacing, on newer servers (the operations endpoint always carries it). */
    poll_after_ms: optPollDelay,
  }),
);

export const StatusDetails = lazy(() =>
  z.looseObject({
    summary: optText,
    health: optText,
    observed_at: optText,
    stale: optBool,
    operation: lenient(StatusOperation),
    error: lenient(StatusError),
  }),
);

export const Capabilities = lazy(() => z.looseObject({ logs: optBool, events: optBool, diagnose: optBool, revisions: optBool }));

export type Pagination = z.infer<typeof Pagination>;
export type StatusDetails = z.infer<typeof StatusDetails>;
export type StatusError = z.infer<typeof StatusError>;
export type Capabilities = z.infer<typeof Capabilities>;
