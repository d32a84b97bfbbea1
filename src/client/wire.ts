// Lenient building blocks for the response schemas. The real service sends some fields
// with another type than documented (a number as a string, an empty map as `[]`, an object
// where a string was expected) and grows additively; a field the client does not need to do
// its job must never fail a command. So: optional fields fall back to undefined when they
// are unreadable (`z.catch`), numbers and booleans are read from strings, and maps from `[]`.
// Commands check what they truly need themselves (`need()` below), naming endpoint and field.
import * as z from 'zod/mini';
import { ResponseShapeError } from './errors.js';
import { isBoolean, isNumber, isPlainObject, isString, sameCheck, sameWhen, type Check } from './in-place.js';
import { clampServerDelay, SERVER_DELAY_MAX_MS, SERVER_DELAY_MIN_MS } from './server-delay.js';

/** Any schema made optional, nullable and unable to fail: unreadable → undefined. */
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(z.nullable(schema)), undefined);
}

/** Ids are opaque strings for most families and integers for some (snapshots, SSH keys, teams): read both as text. */
export const Id = sameWhen(
  z.pipe(
    z.union([z.string().check(z.minLength(1)), z.number()]),
    z.transform((v) => String(v)),
  ),
  (v) => typeof v === 'string' && v.length > 0,
);

const finiteNumber = z.number().check(z.refine(Number.isFinite));
const numericString = z.pipe(
  z.string().check(z.regex(/^\s*-?\d+(\.\d+)?\s*$/)),
  z.transform((s) => Number(s)),
);

/** A number, also when sent as a numeric string. */
export const Num = sameWhen(z.union([finiteNumber, numericString]), isNumber);

/** A boolean, also when sent as "true"/"false", "1"/"0" or 1/0. */
export const Bool = sameWhen(
  z.union([
    z.boolean(),
    z.pipe(
      z.union([z.literal('true'), z.literal('1'), z.literal(1)]),
      z.transform(() => true),
    ),
    z.pipe(
      z.union([z.literal('false'), z.literal('0'), z.literal(0)]),
      z.transform(() => false),
    ),
  ]),
  isBoolean,
);

/** Text, also from a number (an id or a version sent as a number). */
export const Text = sameWhen(
  z.union([
    z.string(),
    z.pipe(
      finiteNumber,
      z.transform((n) => String(n)),
    ),
  ]),
  isString,
);

/** A string map (`environment_variables`): an empty one is sent as `[]`; values are read as text. */
export const StringMap = sameWhen(
  z.union([
    z.pipe(
      z.record(z.string(), z.unknown()),
      z.transform((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))),
    ),
    z.pipe(
      z.array(z.unknown()).check(z.maxLength(0)),
      z.transform((): Record<string, string> => ({})),
    ),
  ]),
  // A map whose values are all text comes out equal (a copy with the same entries).
  (v) => isPlainObject(v) && Object.values(v).every(isString),
);

/** A pause the server asks for (`poll_after_ms`), held to a sane range (server-delay.ts). */
export const PollDelay = sameWhen(
  z.pipe(
    Num,
    z.transform((ms) => clampServerDelay(ms)),
  ),
  (v) => isNumber(v) && (v as number) >= SERVER_DELAY_MIN_MS && (v as number) <= SERVER_DELAY_MAX_MS,
);

export const optText = lenient(Text);
export const optPollDelay = lenient(PollDelay);
export const optNum = lenient(Num);
export const optBool = lenient(Bool);
export const optMap = lenient(StringMap);

/** An array whose unreadable items are dropped instead of failing the answer. */
export function lenientArray<T extends z.ZodMiniType>(item: T) {
  const schema = z.catch(
    z.pipe(
      z.optional(z.nullable(z.array(z.unknown()))),
      z.transform((arr) =>
        (arr ?? []).flatMap((v) => {
          const r = item.safeParse(v);
          return r.success ? [r.data as z.output<T>] : [];
        }),
      ),
    ),
    [] as z.output<T>[],
  );
  // A missing array comes out as [], so only an array of items kept as they are is the same.
  // The item's check is made on first use: the item may be a schema built on first use.
  let same: Check | null | undefined;
  return sameWhen(schema, (v) => {
    if (same === undefined) same = sameCheck(item) ?? null;
    return same !== null && Array.isArray(v) && v.every(same);
  });
}

/**
 * A field a command cannot do without: present, or one clear line naming the endpoint and
 * the field (exit 1). `path` is how the field is written in the API reference.
 */
export function need<T>(value: T | null | undefined, endpoint: string, path: string): T {
  if (value === undefined || value === null) throw new ResponseShapeError(`the response of ${endpoint} lacks the field "${path}" this command needs`, 200, endpoint, path);
  return value;
}
