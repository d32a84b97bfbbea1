// A small keyed store with team scoping: every product family of the simulator keeps its
// records in one, so a new family is mostly a record type, a seed and a JSON view.

export interface TeamScoped {
  id: string | number;
  teamId: number;
}

export class TeamStore<T extends TeamScoped> {
  protected readonly items: T[] = [];

  add(item: T): T {
    this.items.push(item);
    return item;
  }

  all(): readonly T[] {
    return this.items;
  }

  list(teamId: number): T[] {
    return this.items.filter((x) => x.teamId === teamId);
  }

  /** The raw path segment matches an id by its text, so "12" finds 12 and "012" finds nothing. */
  get(teamId: number, rawId: string | undefined): T | undefined {
    return rawId === undefined ? undefined : this.items.find((x) => x.teamId === teamId && String(x.id) === rawId);
  }

  findAnyTeam(rawId: string): T | undefined {
    return this.items.find((x) => String(x.id) === rawId);
  }

  remove(item: T): boolean {
    const i = this.items.indexOf(item);
    if (i < 0) return false;
    this.items.splice(i, 1);
    return true;
  }
}
