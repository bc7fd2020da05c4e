import { z } from 'zod';
import { M } from './mensajes.ts';
import { MONTOS } from './recargas.ts';

/** Company codes are lower-case slugs used in the URL (/:empresa). */
export const codigoEmpresa = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'código de empresa inválido');

/** Theme defaults of spec section 3. */
export const TEMA_POR_DEFECTO = {
  primaryColor: '#408080',
  darkenColor: '#408080',
  accentColor: '#408080',
  backgroundColor: '#ffffff',
  fontColor: '#000000',
  izquierdoLogin: 'offset-l3',
  hideNav: '0',
} as const;

/** '#rrggbb', kept in lower case so '#ABCDEF' and '#abcdef' are the same setting. */
const color = z
  .string(M.colorInvalido)
  .regex(/^#[0-9a-fA-F]{6}$/, M.colorInvalido)
  .toLowerCase();

/**
 * Per-company behaviour that the spec ties to particular companies. Kept as data so a new
 * company is configured, not coded. Every key has a default so old rows stay valid.
 */
export const ajustesEmpresa = z.object({
  /** Scheduled bulk top-ups (spec: vcell only). */
  programacion: z.boolean().default(false),
  /** Extra last column in the bulk top-up table. */
  columnaExtraMasivas: z.boolean().default(false),
  /** Hide Monto of the last movements from non-administrators. */
  ocultarMontoNoAdmin: z.boolean().default(false),
  /** Usernames allowed to unlock lines; empty means every holder of DESBLOQUEAR_LINEAS. */
  usuariosDesbloqueo: z.array(z.string()).default([]),
  /** Cap of maxRecargas for clients created by non-level-1 users (gsmoviles, teletrial: 5). */
  topeRecargasClientes: z.number().int().positive().nullable().default(null),
  /** Exempt from the sales-report range policy. */
  rangoVentasExento: z.boolean().default(false),
  /** Sales-report range policy (spec section 5): widest range and oldest start, in days. */
  politicaVentas: z
    .object({
      rangoMaxDias: z.number().int().positive().default(93),
      antiguedadMaxDias: z.number().int().positive().default(400),
    })
    .default({ rangoMaxDias: 93, antiguedadMaxDias: 400 }),
  /** Sales report without nombre, cliente, liderOrigen, clienteOrigen, nombreOrigen. */
  reporteReducido: z.boolean().default(false),
  /** Extra line columns some companies show. */
  columnasExtraLineas: z.array(z.enum(['fechaEntrega', 'producto', 'fechaPortada'])).default([]),
  /** Amount select on the top-up screen: with it, users holding Permiso Monto choose the amount. */
  enviarMonto: z.boolean().default(true),
  /**
   * The amounts the company sells, the only ones a top-up may go with (chosen, stored on a line
   * or port-out, or montoPorDefecto): see `montoDeRecarga` in recargas.ts. Set by the operator.
   */
  montos: z
    .array(z.number().int().positive().max(100_000))
    .min(1)
    .default(() => [...MONTOS]),
  /** Amount of a top-up that names none (amount select off, public top-up) and has no inventory line. */
  montoPorDefecto: z.number().int().positive().default(30),
  /** Estatus ICC ATT panel. */
  activaciones: z.boolean().default(false),
  /** Reciclar Lineas panel. */
  reciclaje: z.boolean().default(false),
  /** Who-we-are section of the branded login. */
  quienesSomos: z.object({ vision: z.string(), mision: z.string() }).nullable().default(null),
  /** Background video of the login, instead of the image. */
  videoFondo: z.string().nullable().default(null),
  zonaHoraria: z.string().default('America/Mexico_City'),
});
export type AjustesEmpresa = z.infer<typeof ajustesEmpresa>;

/** GET /getEmpresa/{name}: the public theme (no auth). Field names of spec section 3. */
export const empresaPublica = z.object({
  empresa: z.string(),
  nombre: z.string(),
  maxRecargas: z.number().int(),
  recargaSinUsuario: z.boolean(),
  primaryColor: color,
  darkenColor: color,
  accentColor: color,
  backgroundColor: color,
  fontColor: color,
  imagenFondo: z.string().nullable(),
  imagenFondoIn: z.string().nullable(),
  izquierdoLogin: z.string(),
  hideNav: z.string(),
  image: z.string().nullable(),
  barra: z.string().nullable(),
  videoFondo: z.string().nullable(),
  quienesSomos: z.object({ vision: z.string(), mision: z.string() }).nullable(),
  alerta: z.string().nullable(),
});
export type EmpresaPublica = z.infer<typeof empresaPublica>;

/** The theme colours of spec section 3 that an administrator sets (configuraciones). */
export const temaEntrada = z.object({
  primaryColor: color,
  darkenColor: color,
  accentColor: color,
  backgroundColor: color,
  fontColor: color,
});
