// A multipart body this client's undici can send (uploads: `static-sites deploy`).
import type { FormData } from 'undici';

/**
 * Node's global FormData is the class of the undici bundled with Node, which the undici this
 * client sends with does not recognise as a form (the request fails mid-way), so the form is
 * made from undici's own class, loaded only by the commands that upload.
 */
export async function newFormData(): Promise<FormData> {
  // @ts-expect-error: internal module of undici 7 (no type declarations); pinned by the lockfile.
  const mod = await import('undici/lib/web/fetch/formdata.js');
  // A CommonJS module: its exports are the default export once bundled, named ones under vitest.
  const { FormData: Impl } = (mod.default ?? mod) as { FormData: new () => FormData };
  return new Impl();
}
