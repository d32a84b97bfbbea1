// /docs/api (a tiny page) and /docs/api.json (OpenAPI 3.0.3), like the real service.
import { http, HttpResponse, type RequestHandler } from 'msw';
import { buildOpenApi } from '../openapi.js';
import { json } from '../http/common.js';

/** `routes`: the handlers to describe (read when the document is first asked for). */
export function docsHandlers(routes: () => readonly RequestHandler[]) {
  let doc: Record<string, unknown> | undefined;
  return [
    http.get('*/docs/api.json', () => json((doc ??= buildOpenApi(routes())))),
    http.get('*/docs/api', () =>
      HttpResponse.html(
        '<!doctype html><html><head><meta charset="utf-8"><title>Infrastructure API (simulator)</title></head>' +
          '<body><h1>Infrastructure Management API v1: local simulator</h1>' +
          '<p>OpenAPI 3.0.3 description: <a href="/docs/api.json">/docs/api.json</a></p></body></html>',
      ),
    ),
  ];
}
