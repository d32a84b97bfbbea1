import { describe, expect, it } from 'vitest';
import { apiTarget } from '../../../src/commands/api/target.js';

describe('infra api: what a path or URL requests', () => {
  it.each([
    ['/vps', 'https://api.example.com', '/vps'],
    ['vps', 'https://api.example.com', '/vps'],
    ['/api/v1/vps?per_page=2', 'https://api.example.com', '/api/v1/vps?per_page=2'],
    ['https://api.example.com/api/v1/operations/op-1', 'https://api.example.com', '/api/v1/operations/op-1'],
    ['https://api.example.com/api/v1/vps?page=2', 'https://api.example.com/api/v1/', '/api/v1/vps?page=2'],
    ['https://gw.example.com/infra/api/v1/vps', 'https://gw.example.com/infra', '/api/v1/vps'],
    ['http://127.0.0.1:8787/api/v1/user/teams', 'http://127.0.0.1:8787', '/api/v1/user/teams'],
  ])('%s on %s → %s', (arg, apiUrl, path) => {
    expect(apiTarget(arg, apiUrl)).toBe(path);
  });

  it.each([
    ['https://evil.example.com/api/v1/vps', 'https://api.example.com', /refusing to send the token to https:\/\/evil.example.com/],
    ['http://api.example.com/api/v1/vps', 'https://api.example.com', /refusing to send the token to http:\/\/api.example.com/],
    ['https://api.example.com:8443/api/v1/vps', 'https://api.example.com', /refusing/],
    ['https://gw.example.com/other/api/v1/vps', 'https://gw.example.com/infra', /outside the configured API/],
  ])('%s on %s is refused', (arg, apiUrl, message) => {
    expect(() => apiTarget(arg, apiUrl)).toThrow(message);
  });
});
