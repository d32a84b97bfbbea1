// Package entry for library users.
export * from './client/index.js';
