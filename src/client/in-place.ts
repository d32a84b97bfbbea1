// Reading long answers without copying them. A zod object parse builds a new object for
// every item, and for a list of 100,000 that costs more than JSON.parse itself. Most items
// need no change at all: every field already has the type the lenient schema returns. For
// such an item the parse would return an equal object, so the item as sent can be used as
// it is. `sameCheck(schema)` builds a predicate that says exactly that (true: the parse
// would return its input unchanged); an item it refuses goes through the schema as always,
// so leniency (numbers from strings, unreadable optional fields dropped...) is unchanged.
import type * as z from 'zod/mini';

export type Check = (v: unknown) => boolean;

/** Checks declared for the building blocks of wire.ts, whose transforms a def walk cannot see through. */
const declared = new WeakMap<object, Check>();
const compiled = new WeakMap<object, Check | null>();

/** Declares that parsing with `schema` returns its input unchanged exactly when `check` passes. */
export function sameWhen<T extends z.ZodMiniType>(schema: T, check: Check): T {
  declared.set(schema, check);
  return schema;
}

/**
 * A predicate that is true only when `schema` would parse a value into itself (the value
 * can be used as it is); undefined when that cannot be told without parsing.
 */
export function sameCheck(schema: z.ZodMiniType): Check | undefined {
  const known = declared.get(schema);
  if (known) return known;
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compile(schema) ?? null;
    compiled.set(schema, check);
  }
  return check ?? undefined;
}

export const isString: Check = (v) => typeof v === 'string';
export const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
export const isBoolean: Check = (v) => typeof v === 'boolean';
export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Def {
  type: string;
  checks?: unknown[];
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
}

/** The schema a z.lazy() stands for (built once, by zod), or the schema itself. */
function unlazy(schema: z.ZodMiniType): z.ZodMiniType {
  const zod = (schema as unknown as { _zod: { def: Def; innerType?: z.ZodMiniType } })._zod;
  return zod.def.type === 'lazy' ? unlazy(zod.innerType!) : schema;
}

function compile(schema: z.ZodMiniType): Check | undefined {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'unknown':
    case 'any':
      return () => true;
    case 'string':
      return def.checks?.length ? undefined : isString;
    case 'number':
      return def.checks?.length ? undefined : isNumber;
    case 'boolean':
      return def.checks?.length ? undefined : isBoolean;
    case 'optional': {
      const inner = sameCheck(def.innerType!);
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'nullable': {
      const inner = sameCheck(def.innerType!);
      return inner && ((v) => v === null || inner(v));
    }
    // A value the inner schema keeps as it is never reaches the catch.
    case 'catch':
      return sameCheck(def.innerType!);
    case 'lazy':
      return sameCheck(unlazy(schema));
    case 'array': {
      const element = sameCheck(def.element!);
      return element && ((v) => Array.isArray(v) && v.every(element));
    }
    case 'object': {
      // Only loose objects keep unknown fields as they are (a strict one refuses them, a plain one drops them).
      if ((def.catchall as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def.type !== 'unknown') return undefined;
      const keys = Object.keys(def.shape ?? {});
      const checks = keys.map((k) => sameCheck(def.shape![k]!));
      if (checks.some((c) => c === undefined)) return undefined;
      const n = keys.length;
      return (v) => {
        if (!isPlainObject(v)) return false;
        for (let i = 0; i < n; i++) if (!checks[i]!(v[keys[i]!])) return false;
        return true;
      };
    }
    default:
      return undefined;
  }
}

/**
 * The fields of an object schema that can fail a parse (those not read leniently): the
 * least an item must satisfy when only its raw form is used (`--json` of a list checks ids).
 * A predicate over one item; undefined when the schema is not a loose object schema.
 */
export function requiredCheck(schema: z.ZodMiniType): Check | undefined {
  const def = (unlazy(schema) as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type !== 'object' || (def.catchall as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def.type !== 'unknown') return undefined;
  const shape = def.shape ?? {};
  const fields = Object.keys(shape)
    .filter((k) => (shape[k] as unknown as { _zod: { def: Def } })._zod.def.type !== 'catch')
    .map((k) => {
      const field = shape[k]!;
      const same = sameCheck(field);
      // Used as is or not, what matters here is only whether the field would be accepted.
      const ok: Check = (v) => (same !== undefined && same(v)) || field.safeParse(v).success;
      return [k, ok] as const;
    });
  return (v) => isPlainObject(v) && fields.every(([k, ok]) => ok(v[k]));
}
