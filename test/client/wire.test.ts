import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Id, lenientArray, need, optBool, optMap, optNum, optText } from '../../src/client/wire.js';
import { ResponseShapeError } from '../../src/client/errors.js';

const parse = <T extends z.ZodMiniType>(schema: T, value: unknown) => schema.parse(value);

describe('lenient wire readers', () => {
  it.each([
    ['a string id', 'srv-123', 'srv-123'],
    ['an integer id', 42, '42'],
  ])('Id reads %s as text', (_what, input, expected) => {
    expect(parse(Id, input)).toBe(expected);
  });

  it.each([[''], [null], [{}], [[]]])('Id refuses %j', (input) => {
    expect(Id.safeParse(input).success).toBe(false);
  });

  it.each([
    [3, 3],
    ['3', 3],
    [' 2.5 ', 2.5],
    ['-1', -1],
    ['abc', undefined],
    [{ n: 1 }, undefined],
    [null, null],
    [undefined, undefined],
    [Number.NaN, undefined],
  ])('optNum reads %j as %j', (input, expected) => {
    expect(parse(optNum, input)).toEqual(expected);
  });

  it.each([
    [true, true],
    ['false', false],
    ['1', true],
    [0, false],
    ['yes', undefined],
    [{}, undefined],
  ])('optBool reads %j as %j', (input, expected) => {
    expect(parse(optBool, input)).toEqual(expected);
  });

  it.each([
    ['web', 'web'],
    [16, '16'],
    [{ name: 'x' }, undefined],
    [['a'], undefined],
  ])('optText reads %j as %j', (input, expected) => {
    expect(parse(optText, input)).toEqual(expected);
  });

  it.each([
    [[], {}],
    [
      { A: '1', B: 2, C: true },
      { A: '1', B: '2', C: 'true' },
    ],
    [['x'], undefined],
    ['text', undefined],
    [null, null],
  ])('optMap reads %j as %j', (input, expected) => {
    expect(parse(optMap, input)).toEqual(expected);
  });

  it('lenientArray drops unreadable items and survives a non-array', () => {
    const item = z.looseObject({ type: z.string() });
    expect(parse(lenientArray(item), [{ type: 'Ready' }, { type: 3 }, 'x'])).toEqual([{ type: 'Ready' }]);
    expect(parse(lenientArray(item), 'not a list')).toEqual([]);
    expect(parse(lenientArray(item), undefined)).toEqual([]);
  });

  it('an object keeps unknown fields and survives a bent optional field', () => {
    const schema = z.looseObject({ id: Id, port: optNum, name: optText });
    expect(parse(schema, { id: 'srv-1', port: '8080', name: { first: 'x' }, extra: [1] })).toEqual({ id: 'srv-1', port: 8080, name: undefined, extra: [1] });
  });

  it('need() names the endpoint and the field', () => {
    expect(need(0, 'GET /api/v1/x', 'a.b')).toBe(0);
    const err = (() => {
      try {
        need(undefined, 'GET /api/v1/serverless/srv-1', 'status_details.operation.terminal');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ResponseShapeError);
    expect((err as ResponseShapeError).message).toBe('the response of GET /api/v1/serverless/srv-1 lacks the field "status_details.operation.terminal" this command needs');
    expect((err as ResponseShapeError).field).toBe('status_details.operation.terminal');
  });
});
