import type { FastifyInstance } from 'fastify';
import { type Metodo, pedir } from '../peticion.ts';

/** One operation of the OpenAPI document, with a URL that fills its parameters with examples. */
export interface Operacion {
  metodo: string;
  ruta: string;
  url: string;
  /** Its key in the matrix: 'POST /checkOut'. */
  celda: string;
}

const EJEMPLOS: Record<string, string> = {
  name: 'demo',
  compania: 'demo',
  id: '1',
  dn: '5512345678',
  tam: '192',
};

export const cambiaEstado = (m: string) => m !== 'GET';

/** Every operation the app serves, as its OpenAPI document lists them. */
export function operacionesDe(app: FastifyInstance): Operacion[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([ruta, ops]) =>
    Object.keys(ops).map((m) => ({
      metodo: m.toUpperCase(),
      ruta,
      url: ruta.replace(/\{(\w+)\}/g, (_, p: string) => EJEMPLOS[p] ?? '1'),
      celda: `${m.toUpperCase()} ${ruta}`,
    })),
  );
}

/** Calls an operation with an empty body (state-changing ones) and returns status and mensaje. */
export async function llamar(app: FastifyInstance, r: Operacion, cabeceras: Record<string, string>) {
  const res = await pedir(app, null, r.metodo as Metodo, r.url, cambiaEstado(r.metodo) ? {} : undefined, {
    cabeceras,
  });
  let mensaje: string | undefined;
  try {
    mensaje = (res.json() as { mensaje?: string }).mensaje;
  } catch {}
  return { status: res.statusCode, mensaje };
}

/** Whether an answer is a refusal by the access check, and whether it is a granted call. */
export const negado = (x: { status: number; mensaje?: string | undefined }, sinPermiso: string) =>
  x.status === 403 && x.mensaje === sinPermiso;
export const concedido = (x: { status: number }) => x.status !== 401 && x.status !== 403 && x.status < 500;
