import type { FastifyInstance, InjectOptions } from 'fastify';
import { conToken, type Sesion } from './entorno.ts';

export type Metodo = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who calls: a logged-in user's token and, for writes, the XSRF value the access check wants.
 * A bare `{ token }` is a caller that forgot the XSRF header.
 */
export type Quien = Pick<Sesion, 'token'> & Partial<Pick<Sesion, 'xsrf'>>;

/** What a call may carry besides its session and body. */
export interface Extras {
  /** The Idempotency-Key of a call that moves money. */
  clave?: string;
  /** More headers: a form's content type, Accept-Encoding, X-Forwarded-For... */
  cabeceras?: Record<string, string>;
  /** The caller's address, as the per-IP limits see it. */
  ip?: string;
  cookies?: Record<string, string>;
}

/**
 * The server tests' one request helper: `method url` with `payload` into the app, as `quien`
 * (or as nobody: null). The answer is light-my-request's, as app.inject gives it.
 */
export const pedir = (
  app: FastifyInstance,
  quien: Quien | null,
  method: Metodo,
  url: string,
  payload?: unknown,
  extras: Extras = {},
) =>
  app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    headers: {
      ...(quien ? conToken(quien.token, quien.xsrf) : {}),
      ...(extras.clave === undefined ? {} : { 'idempotency-key': extras.clave }),
      ...extras.cabeceras,
    },
    ...(extras.ip ? { remoteAddress: extras.ip } : {}),
    ...(extras.cookies ? { cookies: extras.cookies } : {}),
  });

/** POST /checkOut as `quien` with Idempotency-Key `clave`: the top-up most tests make. */
export const recargar = (app: FastifyInstance, quien: Quien, cuerpo: object, clave?: string) =>
  pedir(app, quien, 'POST', '/checkOut', cuerpo, clave === undefined ? {} : { clave });
