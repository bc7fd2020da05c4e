import { z } from 'zod';
import { CONTRASTE_MINIMO, contraste } from './colores.ts';
import { AJUSTES_POR_DEFECTO } from './empresas/defectos.ts';
import { M } from './mensajes.ts';

// The paths and defaults without zod: the login and the shell import them (issue 21).
export { AJUSTES_POR_DEFECTO, TEMA_POR_DEFECTO } from './empresas/defectos.ts';
export { API_EMPRESAS } from './empresas/rutas.ts';

/** Sizes of the installed app's square PNG icons (Chromium asks for 192 and 512). */
export const TAMANOS_ICONO = ['192', '512'] as const;

/** Company codes are lower-case slugs used in the URL (/:empresa). */
export const codigoEmpresa = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, M.empresaInvalida);

/** '#rrggbb', kept in lower case so '#ABCDEF' and '#abcdef' are the same setting. */
/** A theme colour: #rrggbb. */
const COLOR_HEX = /^#[0-9a-fA-F]{6}$/;
export const esColor = (v: string) => COLOR_HEX.test(v);
const color = z.string(M.colorInvalido).regex(COLOR_HEX, M.colorInvalido).toLowerCase();

/**
 * Per-company behaviour that the spec ties to particular companies. Kept as data so a new
 * company is configured, not coded. Every key has a default so old rows stay valid.
 */
export const ajustesEmpresa = z.object({
  /** Scheduled bulk top-ups (spec: vcell only). */
  programacion: z.boolean().default(AJUSTES_POR_DEFECTO.programacion),
  /** Extra last column in the bulk top-up table. */
  columnaExtraMasivas: z.boolean().default(AJUSTES_POR_DEFECTO.columnaExtraMasivas),
  /** Hide Monto of the last movements from non-administrators. */
  ocultarMontoNoAdmin: z.boolean().default(AJUSTES_POR_DEFECTO.ocultarMontoNoAdmin),
  /** Usernames allowed to unlock lines; empty means every holder of DESBLOQUEAR_LINEAS. */
  usuariosDesbloqueo: z.array(z.string()).default(() => [...AJUSTES_POR_DEFECTO.usuariosDesbloqueo]),
  /** Cap of maxRecargas for clients created by non-level-1 users (gsmoviles, teletrial: 5). */
  topeRecargasClientes: z
    .number()
    .int()
    .positive()
    .nullable()
    .default(AJUSTES_POR_DEFECTO.topeRecargasClientes),
  /** Exempt from the sales-report range policy. */
  rangoVentasExento: z.boolean().default(AJUSTES_POR_DEFECTO.rangoVentasExento),
  /** Sales-report range policy (spec section 5): widest range and oldest start, in days. */
  politicaVentas: z
    .object({
      rangoMaxDias: z.number().int().positive().default(AJUSTES_POR_DEFECTO.politicaVentas.rangoMaxDias),
      antiguedadMaxDias: z
        .number()
        .int()
        .positive()
        .default(AJUSTES_POR_DEFECTO.politicaVentas.antiguedadMaxDias),
    })
    .default(() => ({ ...AJUSTES_POR_DEFECTO.politicaVentas })),
  /** The sales contact the range dialog of Ventas offers for wider ranges (spec section 9: {email}, {phone}). */
  contactoVentas: z
    .object({ email: z.string(), telefono: z.string() })
    .nullable()
    .default(AJUSTES_POR_DEFECTO.contactoVentas),
  /** Charts open on this many months back to today (the seed opened on a fixed 2019/04/02–2021/04/02). */
  graficasMeses: z.number().int().min(1).max(120).default(AJUSTES_POR_DEFECTO.graficasMeses),
  /** Sales report without nombre, cliente, liderOrigen, clienteOrigen, nombreOrigen. */
  reporteReducido: z.boolean().default(AJUSTES_POR_DEFECTO.reporteReducido),
  /** Extra line columns some companies show. */
  columnasExtraLineas: z
    .array(z.enum(['fechaEntrega', 'producto', 'fechaPortada']))
    .default(() => [...AJUSTES_POR_DEFECTO.columnasExtraLineas]),
  /** Amount select on the top-up screen: with it, users holding Permiso Monto choose the amount. */
  enviarMonto: z.boolean().default(AJUSTES_POR_DEFECTO.enviarMonto),
  /**
   * The amounts the company sells, the only ones a top-up may go with (chosen, stored on a line
   * or port-out, or montoPorDefecto): see `montoDeRecarga` in recargas.ts. Set by the operator.
   */
  montos: z
    .array(z.number().int().positive().max(100_000))
    .min(1)
    .default(() => [...AJUSTES_POR_DEFECTO.montos]),
  /** Amount of a top-up that names none (amount select off, public top-up) and has no inventory line. */
  montoPorDefecto: z.number().int().positive().default(AJUSTES_POR_DEFECTO.montoPorDefecto),
  /** Estatus ICC ATT panel. */
  activaciones: z.boolean().default(AJUSTES_POR_DEFECTO.activaciones),
  /** Reciclar Lineas panel. */
  reciclaje: z.boolean().default(AJUSTES_POR_DEFECTO.reciclaje),
  /** Who-we-are section of the branded login. */
  quienesSomos: z
    .object({ vision: z.string(), mision: z.string() })
    .nullable()
    .default(AJUSTES_POR_DEFECTO.quienesSomos),
  /** Background video of the login, instead of the image. */
  videoFondo: z.string().nullable().default(AJUSTES_POR_DEFECTO.videoFondo),
  zonaHoraria: z.string().default(AJUSTES_POR_DEFECTO.zonaHoraria),
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
/**
 * Company features an administrator switches on and off: the no-user top-up page (a column of
 * the company, spec section 3) and the display flags of `ajustesEmpresa`. Scheduling, the
 * sales-range exemption and the other ajustes stay with the operator (CLI): they follow the
 * company's contract or provider set-up, not a preference.
 */
const funciones = z.object({
  recargaSinUsuario: z.boolean(),
  enviarMonto: z.boolean(),
  ocultarMontoNoAdmin: z.boolean(),
  columnaExtraMasivas: z.boolean(),
  reporteReducido: z.boolean(),
});

export const COLORES = temaEntrada.keyof().options;
export const FUNCIONES = funciones.keyof().options;
export type Color = (typeof COLORES)[number];
export type Funcion = (typeof FUNCIONES)[number];
/** Every setting of the screen by its spec name (section 3); audit rows use the same names. */
export type Ajuste = Color | Funcion | 'image';

export const TITULOS_AJUSTE: Record<Ajuste, string> = {
  primaryColor: M.colorPrimario,
  darkenColor: M.colorOscuro,
  accentColor: M.colorAcento,
  backgroundColor: M.colorFondo,
  fontColor: M.colorLetra,
  image: M.logo,
  recargaSinUsuario: M.recargasSinUsuario,
  enviarMonto: M.funcionEnviarMonto,
  ocultarMontoNoAdmin: M.funcionOcultarMonto,
  columnaExtraMasivas: M.funcionColumnaExtraMasivas,
  reporteReducido: M.funcionReporteReducido,
};

/** GET /api/configuraciones: the company's current settings. */
export const configuraciones = z.object({
  ...temaEntrada.shape,
  ...funciones.shape,
  /** URL of the logo the login and the shell show, null when the company has none. */
  image: z.string().nullable(),
});
export type Configuraciones = z.infer<typeof configuraciones>;

/** PATCH /api/configuraciones: only the settings that change; an unknown key is refused. */
export const cambioConfiguraciones = z.strictObject({ ...temaEntrada.shape, ...funciones.shape }).partial();
export type CambioConfiguraciones = z.infer<typeof cambioConfiguraciones>;

export const respuestaConfiguraciones = configuraciones.extend({ mensaje: z.string() });
export type RespuestaConfiguraciones = z.infer<typeof respuestaConfiguraciones>;

/** The logo (POST /api/configuraciones/logo, multipart field `logo`): a raster image, small. */
export const LOGO_MAX_KB = 512;
export const TIPOS_LOGO = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type TipoLogo = (typeof TIPOS_LOGO)[number];

/** Text on the background must stay readable for every user of the company (WCAG AA, 4.5:1). */
export { CONTRASTE_MINIMO, contraste };
export const legible = (t: Pick<Configuraciones, 'fontColor' | 'backgroundColor'>) =>
  contraste(t.fontColor, t.backgroundColor) >= CONTRASTE_MINIMO;

/** One audited change: who, when, which setting, the value before and after. */
const valorAuditado = z.union([z.string(), z.boolean()]).nullable();
export const cambioAuditado = z.object({
  id: z.number().int(),
  fecha: z.string(),
  usuario: z.string(),
  ajuste: z.string(),
  anterior: valorAuditado,
  nuevo: valorAuditado,
});
export type CambioAuditado = z.infer<typeof cambioAuditado>;

/** GET /api/configuraciones/auditoria: newest first, keyset pages (spec section 9: 20 rows a step). */
export const PAGINA_AUDITORIA = 20;
export const consultaAuditoria = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGINA_AUDITORIA),
});
export const respuestaAuditoria = z.object({
  cambios: z.array(cambioAuditado),
  /** Counted on the first page, null on later pages. */
  total: z.number().int().nullable(),
  siguiente: z.string().nullable(),
});
export type RespuestaAuditoria = z.infer<typeof respuestaAuditoria>;
