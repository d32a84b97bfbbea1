// What the client reads of each answer, in the real dialect (../shared/spec/real-api.md).
// These schemas are the single description of the wire format on the client side: they
// require only what every use of an answer needs (usually the id) and read everything else
// leniently (wire.ts). Objects are loose, so unknown fields pass through; `--json` prints the
// answer as the API sent it, not these views. One module per part of the API, under schemas/.
export * from './schemas/common.js';
export * from './schemas/observe.js';
export * from './schemas/resources.js';
export * from './schemas/serverless.js';
