// SimClock: start + real elapsed × speed + manual advances.
import { expect, test } from 'vitest';
import { SimClock } from '../../src/sim/clock.js';

test('sim time = start + real elapsed × speed + advances', () => {
  let real = 1_000;
  const clock = new SimClock({ start: new Date('2030-01-01T00:00:00Z'), speed: 10, realNow: () => real });
  expect(clock.iso()).toBe('2030-01-01T00:00:00.000Z');
  real += 1_500; // 1.5 real seconds at 10x
  expect(clock.iso()).toBe('2030-01-01T00:00:15.000Z');
  clock.advance(45);
  expect(clock.iso()).toBe('2030-01-01T00:01:00.000Z');
  expect(() => clock.advance(-1)).toThrow(RangeError);
});

test('speed 0 freezes the clock: only advance moves it', () => {
  let real = 0;
  const clock = new SimClock({ start: new Date(0), speed: 0, realNow: () => real });
  real += 60_000;
  expect(clock.ms()).toBe(0);
  clock.advance(2);
  expect(clock.ms()).toBe(2_000);
});
