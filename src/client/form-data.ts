// A multipart body this client's undici can send (uploads: `static-sites deploy`).
import type { FormData } from 'undici';

/**
 * Node's global FormData is the class of the undici bundled with Node, which the undici this
 * client sends with does not recognise as a form (the request fails mid-way), so the form is
 * made from undici's own class. Its public index costs ~70 ms to load, paid only by the
 * commands that upload; the internal modules stay in src/client/undici.ts alone.
 */
export async function newFormData(): Promise<FormData> {
  const { FormData: Impl } = (await import('undici')).default;
  return new Impl();
}
