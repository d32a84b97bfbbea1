// A plan chosen by its figures (`vps update --cores 4 --memory 16`). The API changes a machine's
// size only through its plan (`resource_profile`): a request that sent cores or memory of its own
// would be answered 200 and change nothing, a false success. So the figures pick the one plan the
// service lists with exactly those figures, or the command stops before the change and names
// the plans that come nearest (docs/decisions.md#sizes-choose-a-plan).

type Item = Record<string, unknown>;

export interface Figures {
  cores?: number;
  memoryGb?: number;
  storageGb?: number;
  /** `shared` or `dedicated`: narrows the plans when given. */
  cpu?: string;
}

export interface Plan {
  /** What the API takes as `resource_profile`. */
  key: string;
  cores?: number;
  memoryGb?: number;
  storageGb?: number;
  cpu?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
const word = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** The plans of a `{plans: [...]}` answer, in the fields either shape the service sends names them. */
export function plansOf(raw: unknown): Plan[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as Item).plans) ? ((raw as Item).plans as unknown[]) : [];
  const plans: Plan[] = [];
  for (const it of list) {
    if (!it || typeof it !== 'object') continue;
    const p = it as Item;
    const key = word(p.slug) ?? word(p.id) ?? word(p.name);
    if (!key) continue;
    const mb = num(p.memory_size_mb);
    plans.push({
      key,
      cores: num(p.cpu_cores),
      memoryGb: num(p.memory_gb) ?? num(p.memory_size_gb) ?? (mb === undefined ? undefined : mb / 1024),
      storageGb: num(p.storage_gb) ?? num(p.storage_size_gb),
      cpu: word(p.type) ?? word(p.cpu_allocation_type),
    });
  }
  return plans;
}

/** `4 vCPU, 16 GB memory, 160 GB storage` of what is known. */
export function describeFigures(f: Figures): string {
  const parts = [
    f.cores === undefined ? undefined : `${f.cores} vCPU`,
    f.memoryGb === undefined ? undefined : `${f.memoryGb} GB memory`,
    f.storageGb === undefined ? undefined : `${f.storageGb} GB storage`,
    f.cpu === undefined ? undefined : `${f.cpu} CPU`,
  ];
  return parts.filter(Boolean).join(', ');
}

const describePlan = (p: Plan) => `${p.key} (${describeFigures({ cores: p.cores, memoryGb: p.memoryGb, storageGb: p.storageGb, cpu: p.cpu }) || 'figures not listed'})`;

export type PlanChoice = { plan: Plan } | { problem: string; hint: string };

/** The one plan with every figure asked for, or why there is none. */
export function planFor(plans: readonly Plan[], want: Figures): PlanChoice {
  const asked = describeFigures(want);
  if (plans.length === 0) return { problem: 'the service lists no plans to match the sizes against', hint: 'give --profile (see infra vps plans)' };
  const fits = (p: Plan) =>
    (want.cores === undefined || p.cores === want.cores) &&
    (want.memoryGb === undefined || p.memoryGb === want.memoryGb) &&
    (want.storageGb === undefined || p.storageGb === want.storageGb) &&
    (want.cpu === undefined || p.cpu === want.cpu);
  const matching = plans.filter(fits);
  if (matching.length === 1) return { plan: matching[0]! };
  if (matching.length > 1)
    return {
      problem: `${matching.length} plans have ${asked}: ${matching.map(describePlan).join('; ')}`,
      hint: 'add a figure (--cpu, --memory, --storage) or name the plan with --profile',
    };
  // None: the plans that share most of the figures asked for come nearest.
  const score = (p: Plan) => Number(p.cores === want.cores) + Number(p.memoryGb === want.memoryGb) + Number(p.storageGb === want.storageGb) + Number(p.cpu === want.cpu);
  const best = Math.max(...plans.map(score));
  // No figure matches anywhere (`--cores 3`): the plans whose figures are relatively closest.
  const gap = (p: Plan) =>
    (
      [
        [p.cores, want.cores],
        [p.memoryGb, want.memoryGb],
        [p.storageGb, want.storageGb],
      ] as const
    ).reduce((sum, [has, asked]) => sum + (asked === undefined ? 0 : has === undefined ? 1 : Math.abs(has - asked) / asked), 0);
  const closest = best > 0 ? undefined : Math.min(...plans.map(gap));
  const near = plans.filter((p) => (closest === undefined ? score(p) === best : gap(p) === closest)).slice(0, 4);
  return { problem: `no plan has ${asked}`, hint: `plans that come nearest: ${near.map(describePlan).join('; ')} (all: infra vps plans)` };
}

/** Where the machine differs from the figures asked for, as words; empty when it has them all. */
export function figuresMissed(machine: Item, want: Figures): string[] {
  const missed: string[] = [];
  const check = (what: string, asked: number | undefined, has: unknown, unit: string) => {
    if (asked !== undefined && num(has) !== asked) missed.push(`${what} ${num(has) ?? 'unknown'}${unit} (asked ${asked}${unit})`);
  };
  check('cores', want.cores, machine.cpu_cores, '');
  check('memory', want.memoryGb, machine.memory_size_gb, ' GB');
  check('storage', want.storageGb, machine.storage_size_gb, ' GB');
  return missed;
}
