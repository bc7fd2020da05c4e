import { z } from 'zod';
import { CABECERA_FIRMA, errorV1, recargaV1 } from '../integraciones.ts';

/**
 * The reseller API's OpenAPI answers (issue 44): every status a route can send, each from the
 * zod schema its serializer checks the answer with, so `/docs` says what the server sends.
 */

/** What the server's error handler (plugins/errores.ts) sends on a refusal of a screen's call. */
export const respuestaErrorApi = z.object({ mensaje: z.string(), codigo: z.string().optional() });

/** Why each status is sent; an answer's `codigo` names the precise cause. */
const POR_STATUS = {
  400: 'Datos inválidos: un campo, la cabecera Idempotency-Key o el JSON (codigo solicitud_invalida, idempotencia_requerida, idempotencia_invalida, monto_no_permitido, monto_requerido).',
  401: 'Falta la cabecera X-Api-Key o la llave no es válida o está revocada (llave_invalida).',
  403: 'La llave no puede llamar desde esa IP (ip_no_permitida), su usuario no tiene permiso (sin_permiso) o no puede elegir el monto (monto_no_permitido).',
  404: 'No existe o no es del usuario de la llave (no_encontrada).',
  409: 'La línea de ese ICC ya fue recargada (linea_ya_recargada) o la referencia ya es de otra recarga de la empresa (referencia_repetida).',
  413: 'El cuerpo pasa de 1 MB.',
  415: 'El cuerpo no es JSON.',
  422: 'La misma Idempotency-Key con otro cuerpo (idempotencia_reutilizada).',
  429: 'Límite de la llave por minuto (demasiadas_solicitudes) o cupo diario del usuario (limite_diario): reintenta después.',
  500: 'Error inesperado del servidor (error_interno).',
  503: 'Base de datos no disponible por un momento (servicio_no_disponible): reintenta tras Retry-After.',
} as const;
type StatusError = keyof typeof POR_STATUS;

/** The `/v1` error answers for `status`: `{ mensaje, codigo }`, described. */
export const erroresV1 = <S extends StatusError>(...status: S[]) =>
  Object.fromEntries(status.map((s) => [s, errorV1.describe(POR_STATUS[s])])) as Record<S, typeof errorV1>;

/** Statuses any `/v1` call may answer: the key, its limit, the database, a bug. */
export const ERRORES_DE_TODA_LLAMADA = [401, 403, 429, 500, 503] as const;

/** Why a screen's call (a session's) is refused with each status. */
const POR_STATUS_SESION = {
  400: 'Datos inválidos.',
  401: 'Sin sesión, o vencida.',
  403: 'Sin permiso (nivel, permisos o cabecera X-XSRF-TOKEN).',
  404: 'No existe en la empresa.',
  429: 'Demasiadas solicitudes: reintenta después.',
  500: 'Error inesperado del servidor.',
  503: 'Base de datos no disponible por un momento: reintenta tras Retry-After.',
} as const;

/** The management calls' refusals (a session's): `{ mensaje }` as plugins/errores.ts sends it. */
export const erroresApi = <S extends keyof typeof POR_STATUS_SESION>(...status: S[]) =>
  Object.fromEntries(status.map((s) => [s, respuestaErrorApi.describe(POR_STATUS_SESION[s])])) as Record<
    S,
    typeof respuestaErrorApi
  >;

/** A webhook's POST body: one per decided `/v1` top-up; `id` repeats only on a redelivery. */
export const eventoWebhook = z.object({
  id: z.uuid().describe('El id del evento: descarta repeticiones por él (entrega al menos una vez).'),
  tipo: z.enum(['recarga.exitosa', 'recarga.fallida']),
  creado: z.string().describe('Cuándo se decidió la recarga (ISO 8601).'),
  datos: recargaV1.describe('La recarga como la muestra GET /v1/recargas/{id}.'),
});

/** The event's JSON Schema as a schema object of the document (its dialect is the document's). */
function esquemaEvento() {
  const { $schema: _, ...esquema } = z.toJSONSchema(eventoWebhook, { io: 'output' });
  return esquema as { type: 'object'; properties: Record<string, object> };
}

const FIRMA = `\`${CABECERA_FIRMA}: t=<segundos unix>,v1=<hex de HMAC-SHA256("<t>.<cuerpo>", secreto)>\``;

/**
 * The OpenAPI 3.1 `webhooks` entry: the event's schema (JSON Schema 2020-12, as the rest of the
 * document), the signature header and the delivery rules of integraciones/webhooks.ts.
 */
export const webhooksOpenApi = (reintentoS: number) => ({
  recarga: {
    post: {
      operationId: 'eventoRecarga',
      summary: 'Evento de una recarga hecha por /v1 ya decidida (exitosa o fallida)',
      description: [
        'Se envía a cada webhook de la empresa un POST JSON firmado con el secreto del webhook:',
        `${FIRMA}, sobre el cuerpo tal como llega (antes de leerlo como JSON).`,
        'Rechaza una firma inválida o un `t` con más de 5 minutos de diferencia.',
        `Cualquier 2xx lo entrega; otra respuesta, una redirección o 10 s sin respuesta lo reintentan con espera exponencial desde ${reintentoS} s durante 24 horas.`,
      ].join(' '),
      parameters: [
        {
          in: 'header' as const,
          name: CABECERA_FIRMA,
          required: true,
          description: 'Firma del cuerpo: `t=<segundos unix>,v1=<hex de HMAC-SHA256>`.',
          schema: { type: 'string' as const, pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
        },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: esquemaEvento() } },
      },
      responses: {
        '2XX': { description: 'Entregado: no se vuelve a enviar.' },
        default: { description: 'No entregado: se reintenta.' },
      },
    },
  },
});
