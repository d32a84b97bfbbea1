// Replaced at build time by esbuild (package.json version); the fallback serves ts tests.
declare const __INFRA_VERSION__: string | undefined;
export const VERSION: string = typeof __INFRA_VERSION__ === 'string' ? __INFRA_VERSION__ : '0.0.0-dev';
