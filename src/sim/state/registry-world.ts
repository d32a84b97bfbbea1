// The registry and the builds as parts of the world: created (seeded) before the containers
// are, because a container change asks the registry whether its image exists.
import { MAIN_TEAM } from './auth.js';
import { BuildStore } from './builds.js';
import { SIM_REGISTRY, ImageRegistry, seedRegistry } from './image-registry.js';
import { parseRef } from './registry.js';
import type { ContainerSpec } from './containers.js';
import type { SimModule, World } from './world.js';

export interface RegistryState {
  registry: ImageRegistry;
  builds: BuildStore;
}

/** The main project's namespace holds the images the seeded containers run (`registry.sim.local/acme`). */
export const SEED_NAMESPACE = 'acme';

export function attachRegistry(world: World, now: number): void {
  world.registry = new ImageRegistry();
  world.builds = new BuildStore();
  seedRegistry(world.registry, MAIN_TEAM, SEED_NAMESPACE, now);
  world.containers.imageExists = (spec) => imageExists(world.registry, spec);
}

/** Whether a spec's image is in the simulated registry; null: another registry, or a namespace of no project (cannot tell). */
export function imageExists(reg: ImageRegistry, spec: ContainerSpec): boolean | null {
  if (spec.image === null) return null;
  const ref = parseRef(`${spec.image}:${spec.image_tag}`);
  if (ref.host !== SIM_REGISTRY) return null;
  return reg.has(ref.repository, ref.reference);
}

/** The registry as a module of the world: registered first, since it decides which images the seeded containers run. */
export const REGISTRY_MODULE: SimModule = { name: 'registry', seed: attachRegistry };

declare module './world.js' {
  interface World {
    registry: ImageRegistry;
    builds: BuildStore;
  }
}
