// Short unique ids for fitted tables (src/output/fitted.ts).
import { describe, expect, it } from 'vitest';
import { shortIds } from '../../src/output/fitted.js';

describe('shortIds', () => {
  it.each([
    ['distinct in 8: 8 characters', ['52df57d4-9adc-4343', '0a1b2c3d-0000-1111'], ['52df57d4', '0a1b2c3d']],
    ['shared first 8: longer, for all, until unique', ['52df57d4-9adc', '52df57d4-9bdc'], ['52df57d4-9a', '52df57d4-9b']],
    ['short ids stay whole', ['srv-1', 'srv-2'], ['srv-1', 'srv-2']],
    ['one id', ['52df57d4-9adc-4343'], ['52df57d4']],
  ])('%s', (_n, ids, expected) => {
    const m = shortIds(ids);
    expect(ids.map((id) => m.get(id))).toEqual(expected);
  });
});
