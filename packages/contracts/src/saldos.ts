import { z } from 'zod';
import { M } from './mensajes.ts';

export { API_SALDOS } from './saldos/rutas.ts';

/** A provider account's circuit breaker (issue 22): available, failing or open (out of service). */
export const ESTADOS_PLATAFORMA = ['disponible', 'con-fallas', 'abierto'] as const;
export type EstadoPlataforma = (typeof ESTADOS_PLATAFORMA)[number];

/** The label of each state on the balances screen. */
export const ETIQUETA_ESTADO_PLATAFORMA: Record<EstadoPlataforma, string> = {
  disponible: M.estadoDisponible,
  'con-fallas': M.estadoConFallas,
  abierto: M.estadoAbierto,
};

/** One platform's state and when it last changed (null: never). */
export const estadoPlataforma = z.object({
  plataforma: z.number().int(),
  nombre: z.string(),
  estado: z.enum(ESTADOS_PLATAFORMA),
  cambiado: z.string().nullable(),
});

/**
 * GET /saldosData: data.saldos (spec section 3: recargatodo, pagaqui.MOVISTAR, pagaqui.IUSA_UNEFON)
 * and data.estados, each platform's state.
 */
export const respuestaSaldos = z.object({
  data: z.object({
    saldos: z.object({
      recargatodo: z.number(),
      pagaqui: z.object({ MOVISTAR: z.number(), IUSA_UNEFON: z.number() }),
    }),
    estados: z.array(estadoPlataforma),
  }),
});

/** Minimum balance per provider: id 1 Recargatodo, id 2 Pagaqui. */
export const minimo = z.object({
  id: z.union([z.literal(1), z.literal(2)]),
  minimo: z.coerce.number({ error: M.montoVacio }).int().min(0).max(100_000_000),
});

export const respuestaMinimos = z.object({ data: z.object({ minimos: z.array(minimo) }) });

/** PATCH /minimos: both amounts, none empty. */
export const peticionMinimos = z.object({
  minimos: z
    .array(
      z.object({
        id: z.union([z.literal(1), z.literal(2)]),
        minimo: z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          z.coerce.number({ error: M.montoVacio }).int(M.montoVacio).min(0, M.montoVacio).max(100_000_000),
        ),
      }),
    )
    .min(1, M.montoVacio),
});

/** 'Máximo de recargas al día' of the top-up without a user (spec section 5). */
export const LIMITES_SIN_USUARIO = { min: 1, max: 2000 } as const;
export const maxSinUsuarioValido = (n: number) =>
  Number.isInteger(n) && n >= LIMITES_SIN_USUARIO.min && n <= LIMITES_SIN_USUARIO.max;

/** POST /api/configRecargasSinUsuario: 'Máximo de recargas al día', 1 to 2000. */
export const peticionConfigSinUsuario = z.object({
  maxRecargas: z.coerce.number().int().min(LIMITES_SIN_USUARIO.min).max(LIMITES_SIN_USUARIO.max),
});

export const respuestaAlertas = z.object({
  alertas: z.array(z.object({ id: z.number(), mensaje: z.string(), creada: z.string() })),
});

export const respuestaMensaje = z.object({ mensaje: z.string() });
