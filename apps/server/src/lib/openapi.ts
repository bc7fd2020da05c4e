import { alternativas, ENDPOINTS, type Endpoint } from '@recargas/contracts/acceso';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The screens' calls: the access token in `Authorization: Bearer` (plugins/acceso.ts). */
export const ESQUEMA_SESION = 'sesion';

/** `GET /v1/recargas/:id` → `getV1RecargasId`: a stable name for code generators. */
export const idDeOperacion = (metodo: string, url: string) =>
  metodo.toLowerCase() +
  url
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]?.toUpperCase() + p.slice(1))
    .join('');

/**
 * Each route's OpenAPI entry: zod's schemas (jsonSchemaTransform), an operationId, and who may
 * call it: the document asks for the session everywhere, a public route says it needs none, a
 * `/v1` route keeps its key (its own `security`).
 */
export const transformarRuta: typeof jsonSchemaTransform = (documento) => {
  const r = jsonSchemaTransform(documento);
  const schema = r.schema as Record<string, unknown>;
  if (schema.hide) return r;
  const metodo = [documento.route.method].flat()[0] ?? 'GET';
  schema.operationId ??= idDeOperacion(metodo, r.url);
  const endpoint = documento.route.config?.endpoint as Endpoint | undefined;
  if (schema.security === undefined && endpoint && alternativas(ENDPOINTS[endpoint]).length === 0) {
    schema.security = [];
  }
  return r;
};
