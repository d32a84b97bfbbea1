import type { RequestHandler } from 'msw';
import type { World } from '../state/world.js';
import { controlHandlers, type RecordedRequest } from './control.js';
import { diagnosticsHandlers } from './diagnostics.js';
import { docsHandlers } from './docs.js';
import { operationHandlers } from './operations.js';
import { recoveryHandlers } from './recovery.js';
import { resourceHandlers } from './resources.js';
import { serverlessHandlers } from './serverless.js';
import { registryHandlers } from './registry.js';
import { containerBuildHandlers, buildsTick } from './builds.js';
import { containerTrafficHandlers } from './container-traffic.js';

/** The routes of the registered families, in registration order. */
function familyRoutes(world: World): RequestHandler[] {
  return world.registered().flatMap((m) => m.routes?.(world) ?? []);
}
import { userHandlers } from './user.js';
import { approvalHandlers } from './approvals.js';
import { runHandlers } from './runs.js';
import { cliSigninHandlers } from './cli-signin.js';

export function buildHandlers(world: World, requests: RecordedRequest[]): RequestHandler[] {
  const api = [
    ...diagnosticsHandlers(world),
    ...serverlessHandlers(world),
    ...registryHandlers(world),
    ...containerBuildHandlers(world),
    ...operationHandlers(world),
    ...resourceHandlers(world),
    ...familyRoutes(world),
    ...recoveryHandlers(world),
    ...userHandlers(world),
    ...approvalHandlers(world),
    ...runHandlers(world),
  ];
  return [...buildsTick(world), ...api, ...controlHandlers(world, requests), ...cliSigninHandlers(), ...docsHandlers(() => api), ...containerTrafficHandlers(world)];
}
