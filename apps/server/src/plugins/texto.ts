import { isUtf8 } from 'node:buffer';
import type { Socket } from 'node:net';
import { M } from '@recargas/contracts/mensajes';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorApi } from '../lib/errores.ts';

/**
 * Text PostgreSQL cannot store: U+0000 (refused outright, "invalid byte sequence for encoding
 * UTF8: 0x00"), or half of a surrogate pair (silently stored as U+FFFD, so not what was sent).
 */
const NO_GUARDABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const textoGuardable = (s: string): boolean => !NO_GUARDABLE.test(s);

const invalido = () => new ErrorApi(400, M.textoInvalido);

/**
 * Every string of a parsed value, object keys included, at any depth. A loop, not recursion:
 * a 1 MB JSON body may nest far deeper than the call stack.
 */
export function valorGuardable(valor: unknown): boolean {
  const pendientes: unknown[] = [valor];
  while (pendientes.length > 0) {
    const v = pendientes.pop();
    if (typeof v === 'string') {
      if (!textoGuardable(v)) return false;
    } else if (typeof v === 'object' && v !== null) {
      if (Array.isArray(v)) {
        for (const x of v) pendientes.push(x);
      } else {
        for (const k in v) {
          if (!textoGuardable(k)) return false;
          pendientes.push((v as Record<string, unknown>)[k]);
        }
      }
    }
  }
  return true;
}

/**
 * In JSON text that is valid UTF-8, a NUL or a lone surrogate can only come from an escape
 * (\u0000, \uD800 to \uDFFF): without one, the parsed body needs no walk (a 1 MB body: the scan
 * costs under a tenth of the parse, the walk more than half of it).
 */
const ESCAPE_SOSPECHOSO = /\\u(?:0000|d[89a-f])/i;

/**
 * The raw URL, path and query: every percent-escape must decode to UTF-8 (no %FF, no %C3%28, no
 * encoded surrogate, no lone '%'), and what it decodes to must be storable (no %00).
 */
export function urlGuardable(url: string): boolean {
  if (!url.includes('%')) return textoGuardable(url);
  try {
    return textoGuardable(decodeURIComponent(url));
  } catch {
    return false;
  }
}

/**
 * Router refusals, which come before any hook or error handler: a path whose escapes do not
 * decode (FST_ERR_BAD_URL) and a path parameter over maxParamLength. Passed to Fastify as
 * `frameworkErrors`, so they leave as `{ mensaje }` in Spanish like every other error.
 */
export function erroresDelEnrutador(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(414).send({ mensaje: M.cuerpoDemasiadoGrande });
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ mensaje: M.textoInvalido });
  return reply.code(error.statusCode ?? 500).send({ mensaje: M.errorInesperado });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a NUL or a byte over 0x7F in the
 * request line, a NUL in a header): Fastify's default answer is English JSON, this one is
 * `{ mensaje }` like every other. Passed to Fastify as `clientErrorHandler`.
 */
export function erroresDeConexion(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [linea, mensaje] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['408 Request Timeout', M.conexionCerrada]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ['431 Request Header Fields Too Large', M.cuerpoDemasiadoGrande]
        : ['400 Bad Request', M.textoInvalido];
  const cuerpo = JSON.stringify({ mensaje });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${linea}\r\nContent-Length: ${Buffer.byteLength(cuerpo)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${cuerpo}`,
    );
  }
  socket.destroy(error);
}

/**
 * Issue 17: text PostgreSQL cannot store is a 400 on every route, never a 500 from the driver.
 * onRequest checks the raw URL and the headers (Idempotency-Key and Host reach the database);
 * the JSON parser refuses bytes that are not UTF-8 (the default one would turn them into
 * U+FFFD); preValidation walks the body as sent, keys and values, nested, and notes what it
 * finds; preHandler refuses it then, or when the validated body, query or params hold such text
 * (a schema may decode text: the `filtros` query parameter is JSON whose \u0000 becomes a NUL
 * only then). Refusing after validation lets a schema that already refuses NUL give its own
 * message (e.g. M.debesUsername on /plataformasEmpresa).
 */
export const texto = fp(async (app: FastifyInstance) => {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const json = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  /** Requests whose JSON text held no escape that could give a NUL or a surrogate: no walk. */
  const limpios = new WeakSet<FastifyRequest>();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, cuerpo, done) => {
    const bytes = cuerpo as Buffer;
    if (!isUtf8(bytes)) return done(invalido(), undefined);
    const texto = bytes.toString('utf8');
    json(req, texto, (error, valor) => {
      if (error) return done(error, undefined);
      if (!ESCAPE_SOSPECHOSO.test(texto)) limpios.add(req);
      done(null, valor);
    });
  });

  app.addHook('onRequest', async (req) => {
    if (!urlGuardable(req.raw.url ?? '')) throw invalido();
    for (const v of Object.values(req.headers)) {
      if (typeof v === 'string' ? !textoGuardable(v) : Array.isArray(v) && !valorGuardable(v))
        throw invalido();
    }
  });

  /** Requests whose body, as sent, held text that cannot be stored (a key validation may drop). */
  const malos = new WeakSet<FastifyRequest>();
  app.addHook('preValidation', async (req) => {
    if (!limpios.has(req) && !valorGuardable(req.body)) malos.add(req);
  });
  app.addHook('preHandler', async (req) => {
    if (malos.has(req) || (!limpios.has(req) && !valorGuardable(req.body))) throw invalido();
    if (!valorGuardable(req.query) || !valorGuardable(req.params)) throw invalido();
  });
});
