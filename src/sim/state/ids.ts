// Identifiers of the real dialect: opaque lowercase UUIDs for containers, databases, caches
// and VPS; integers for snapshots, SSH keys, parameter groups and teams. UUIDs are derived
// from a name by hashing, so the seeded world and every run of a test are reproducible.
import { createHash } from 'node:crypto';

/** A version-4-shaped UUID that is a pure function of `name`. */
export function uuidFrom(name: string): string {
  const h = createHash('sha256').update(`infra-sim/${name}`).digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Per-world id counters: new resources get the next id of their family. */
export class IdSource {
  private seq = 0;
  private readonly ints = new Map<string, number>();

  uuid(family: string): string {
    this.seq += 1;
    return uuidFrom(`${family}/new/${this.seq}`);
  }

  /** Integer ids per family, starting after `floor` (above the seeded ones). */
  int(family: string, floor = 0): number {
    const next = Math.max(this.ints.get(family) ?? 0, floor) + 1;
    this.ints.set(family, next);
    return next;
  }
}
