import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../src/client/error-body.js';

describe('readErrorBody: the four error shapes of the real API', () => {
  it.each([
    ['{message}', { message: 'Unauthenticated.' }, { message: 'Unauthenticated.', fieldErrors: {}, stateRefusal: true }],
    [
      '{message, errors}',
      { message: 'The given data was invalid.', errors: { slug: ['The slug has already been taken.'], port: 'must be a number' } },
      { message: 'The given data was invalid.', fieldErrors: { slug: ['The slug has already been taken.'], port: ['must be a number'] }, stateRefusal: false },
    ],
    ['{error}', { error: 'A deployment is already in progress.' }, { message: 'A deployment is already in progress.', fieldErrors: {}, stateRefusal: true }],
    [
      '{error, retryable}',
      { error: 'The registry did not confirm the delete, so nothing was removed.', retryable: true },
      { message: 'The registry did not confirm the delete, so nothing was removed.', retryable: true, fieldErrors: {}, stateRefusal: true },
    ],
    [
      'envelope',
      { success: false, data: { available: false, entries: [] }, error: { code: 'serverless.logs_unavailable', message: 'The log store did not respond.', retryable: true }, meta: {} },
      { message: 'The log store did not respond.', code: 'serverless.logs_unavailable', retryable: true, fieldErrors: {}, stateRefusal: false },
    ],
    [
      'envelope, not retryable',
      { success: false, data: null, error: { code: 'operation.not_found', message: 'No such operation.', retryable: false }, meta: {} },
      { message: 'No such operation.', code: 'operation.not_found', retryable: false, fieldErrors: {}, stateRefusal: false },
    ],
    [
      '{message, error: detail} (500 of DNS)',
      { message: 'Failed to enable DNS', error: 'An unexpected error occurred.' },
      { message: 'Failed to enable DNS', detail: 'An unexpected error occurred.', fieldErrors: {}, stateRefusal: true },
    ],
    ['not an object', 'Bad Gateway', { fieldErrors: {}, stateRefusal: false }],
    ['empty', undefined, { fieldErrors: {}, stateRefusal: false }],
  ])('%s', (_shape, body, expected) => {
    expect(readErrorBody(body)).toEqual(expected);
  });
});
