// What counts as "up" for an uptime check. The facts type `expected_status` as a plain
// string; the provider's own client documents its grammar: a class (`2xx`), a range of
// classes (`2xx-3xx`) or one status (`exact:204`). That is what is sent. The numeric forms
// people type (`204`, `200-299`) are taken too and written in that grammar, when they mean
// the same thing exactly; a range that is not whole classes (`200-204`) cannot be said in it.

/** The wire form of an `--expect-status` value, or undefined when it has none. */
export function expectedStatusOf(input: string): string | undefined {
  const v = input.trim().toLowerCase();
  if (/^[1-5]xx$/.test(v) || /^exact:[1-5][0-9]{2}$/.test(v)) return v;
  const classes = /^([1-5])xx-([1-5])xx$/.exec(v);
  if (classes) return classes[1]! <= classes[2]! ? (classes[1] === classes[2] ? `${classes[1]}xx` : v) : undefined;
  if (/^[1-5][0-9]{2}$/.test(v)) return `exact:${v}`;
  const range = /^([1-5])00-([1-5])99$/.exec(v);
  if (range && range[1]! <= range[2]!) return range[1] === range[2] ? `${range[1]}xx` : `${range[1]}xx-${range[2]}xx`;
  return undefined;
}

/** The API's value as people read it: `exact:204` → `204`, classes as they are. */
export function describeExpectedStatus(wire: string): string {
  return wire.startsWith('exact:') ? wire.slice('exact:'.length) : wire;
}
