// Block-storage volumes of VPS instances (real-api "vps volumes" and GET /volumes): a volume
// lives under its VPS (`/vps/{vps}/volumes/{volume}`, wrapper `volume`), so each VPS's
// volumes are a ResourceKind of their own and the generic calls (resolve, get, create,
// update, delete) serve them. GET /volumes lists every volume of the project.
import type { ResourceKind } from './resources.js';

/** The volumes of one VPS (VpsVolumeResource; ids are opaque strings). */
export function volumeKind(vpsId: string): ResourceKind {
  return { path: `/vps/${encodeURIComponent(vpsId)}/volumes`, noun: 'volume', ids: 'uuid', wrapper: 'volume', permission: 'vps' };
}

/** Every volume of the project: GET /volumes (a list only; one volume is read under its VPS). */
export const ALL_VOLUMES: ResourceKind = { path: '/volumes', noun: 'volume', ids: 'uuid', wrapper: 'volume', permission: 'vps' };
