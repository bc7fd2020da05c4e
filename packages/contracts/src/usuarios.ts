import { z } from 'zod';
import { comoJson, filtrosDe } from './filtros.ts';
import { M, texto } from './mensajes.ts';
import { esAdministrador, NIVEL } from './niveles.ts';

/** The users calls (spec section 7). */
export const API_USUARIOS = {
  registrar: '/registrarUsuario',
  editar: '/editarUsuario',
  eliminar: '/eliminarUsuario',
  usuarios: '/api/usuarios',
  usuario: '/api/usuarios/:id',
  montos: '/api/usuariosMonto',
  guardarMontos: '/api/setUsuariosMonto',
  lideres: '/api/lideres',
  clientes: '/api/clientes',
} as const;

/**
 * Users, leaders and clients (spec sections 2, 3, 4, 5, 6 and 7).
 *
 * Leaders and clients are their own rows (a client belongs to a leader); a user points at a
 * leader (`lider`) and, at level 3, at one of that leader's clients (`cliente`). Ids travel as
 * numbers or numeric strings; 0 (or '0') means none, which is how 'Sin lider' is sent.
 */

/** Limits of spec sections 5 and 9. */
export const LIMITES_USUARIO = {
  username: 50,
  nombre: 100,
  telefono: 13,
  password: 200,
  maxRecargasMin: 1,
  maxRecargasMax: 1_000_000,
  /** Search text of the leader and client pickers. */
  busqueda: 100,
} as const;

/** 'Sin lider' (and no client) as sent by the form. */
export const SIN_LIDER = 0;
/** maxRecargas of a new user when the form sends none (the new screen's default). */
export const MAX_RECARGAS_POR_DEFECTO = 5;
/** What the edit form shows when a user has no maxRecargas. */
export const MAX_RECARGAS_EDICION = 10;
/** Rows per step: the users list scrolls by 20, the leader and client pickers add 10. */
export const POR_PAGINA = { usuarios: 20, lideres: 10, maximo: 100 } as const;

/** Who writes users, as the rules of sections 5 and 6 need them. */
export interface Escritor {
  nivel: number;
  liderId: number | null;
  permisos: readonly string[];
}

/**
 * Who may write which user (sections 5 and 6): never an administrator (disabled since the
 * release note of 02/11/2023); an administrator writes leaders, and clients when it holds
 * USUARIO_CLIENTE; level 2 only clients (level 3) of its own leader, with USUARIO_CLIENTE.
 */
export function puedeEscribirUsuario(q: Escritor, u: { nivel: number; liderId: number | null }): boolean {
  if (esAdministrador(u.nivel)) return false;
  const clientes = q.permisos.includes('USUARIO_CLIENTE');
  if (esAdministrador(q.nivel)) return u.nivel !== NIVEL.cliente || clientes;
  return u.nivel === NIVEL.cliente && clientes && q.liderId !== null && u.liderId === q.liderId;
}

/**
 * Whether `q` may edit user `u` as it stands: the list's pencil and the server's check on
 * /editarUsuario, one rule. Nobody edits their own row; the rest is puedeEscribirUsuario.
 */
export const puedeEditarUsuario = (
  q: Escritor & { id: number },
  u: { id: number; nivel: number; liderId: number | null },
): boolean => u.id !== q.id && puedeEscribirUsuario(q, u);

/**
 * The maxRecargas caps of a non-administrator writer: a client at most the company's cap
 * (ajustes.topeRecargasClientes), nobody more than the writer's own (MRD). The refusal's
 * message, or null when the value is allowed. The 1..1,000,000 range is the schema's.
 */
export function excedeTopeRecargas(
  escritor: { nivel: number; maxRecargas: number },
  topeClientes: number | null,
  nivel: number,
  max: number,
): string | null {
  if (esAdministrador(escritor.nivel)) return null;
  if (nivel === NIVEL.cliente && topeClientes !== null && max > topeClientes)
    return texto('topeRecargasClientes', { max: topeClientes });
  if (max > escritor.maxRecargas) return texto('maxRecargasCreador', { MRD: escritor.maxRecargas });
  return null;
}

/**
 * The password the edit form shows for a user (six dots). Sent back, or sent empty, it means
 * "unchanged": the stored password stays.
 */
export const PASSWORD_SIN_CAMBIO = '••••••';
const SIN_CAMBIO = new Set([PASSWORD_SIN_CAMBIO, '......', '']);

/** PostgreSQL text cannot hold NUL: refused as bad input instead of failing in the database. */
const sinNul = (s: string) => !s.includes('\u0000');
const NUL = 'contiene caracteres no válidos';

const vacio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const requerido = (max: number, largo: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: M.introduceTodosLosCampos })
      .trim()
      .min(1, M.introduceTodosLosCampos)
      .max(max, largo)
      .refine(sinNul, NUL),
  );

/** A leader or client id: number or numeric string, 0/'0'/empty meaning none. */
const idOpcional = z.preprocess((v) => (vacio(v) ? 0 : v), z.coerce.number().int().min(0).max(2_147_483_647));

const nivel = z.preprocess(
  (v) => (vacio(v) ? undefined : v),
  z.coerce.number({ error: M.introduceTodosLosCampos }).int().min(0).max(3),
);

const maxRecargas = z.preprocess(
  (v) => (vacio(v) ? undefined : v),
  z.coerce
    .number({ error: M.rangoMaxRecargas })
    .int(M.rangoMaxRecargas)
    .min(LIMITES_USUARIO.maxRecargasMin, M.rangoMaxRecargas)
    .max(LIMITES_USUARIO.maxRecargasMax, M.rangoMaxRecargas)
    .optional(),
);

/**
 * phoneNumber: optional; empty, null or the string 'null' mean none. Otherwise it must parse as
 * a number (digits, an optional leading +) of at most 13 characters.
 */
const telefono = z.preprocess(
  (v) => {
    if (v === null || (typeof v === 'string' && (v.trim() === '' || v.trim() === 'null'))) return null;
    return typeof v === 'number' ? String(v) : v;
  },
  z
    .string({ error: M.telefonoUsuarioInvalido })
    .trim()
    .max(LIMITES_USUARIO.telefono, M.telefonoUsuarioInvalido)
    .regex(/^\+?\d+$/, M.telefonoUsuarioInvalido)
    .nullable()
    .optional(),
);

const nombreNuevo = z.preprocess(
  (v) => (vacio(v) ? undefined : v),
  z.string().trim().max(LIMITES_USUARIO.nombre, M.nombreLargo).refine(sinNul, NUL).optional(),
);

const campos = {
  nombre: requerido(LIMITES_USUARIO.nombre, M.nombreLargo),
  /** Echo of the password field; checked when sent. */
  confirmacion: z.string().max(LIMITES_USUARIO.password).optional(),
  nivel,
  lider: idOpcional,
  cliente: idOpcional,
  /** Level 2 with lider '0' (level 1 only): the new leader's name; the user's nombre when absent. */
  liderNuevo: nombreNuevo,
  /** Level 3: a new client of the chosen leader, instead of an existing `cliente`. */
  clienteNuevo: nombreNuevo,
  maxRecargas,
  phoneNumber: telefono,
};

/** The user chosen in the form: 'Selecciona un usuario' when none. */
const idUsuario = z.preprocess(
  (v) => (vacio(v) ? 0 : v),
  z.coerce
    .number({ error: M.seleccionaUsuario })
    .int(M.seleccionaUsuario)
    .min(1, M.seleccionaUsuario)
    .max(2_147_483_647, M.seleccionaUsuario),
);

type ConReglas = { password?: string | undefined; confirmacion?: string | undefined; nivel: number };
const conReglas = <T extends z.ZodType<ConReglas & { cliente: number; clienteNuevo?: string | undefined }>>(
  esquema: T,
) =>
  esquema
    .refine(
      (p) => p.password === undefined || p.confirmacion === undefined || p.confirmacion === p.password,
      {
        message: M.contrasenasNoCoinciden,
        path: ['confirmacion'],
      },
    )
    .refine((p) => p.nivel !== 3 || p.cliente > 0 || p.clienteNuevo !== undefined, {
      message: M.seleccionaCliente,
      path: ['cliente'],
    });

/** POST /registrarUsuario: username, nombre, password, nivel, lider, cliente, maxRecargas, phoneNumber. */
export const peticionRegistrarUsuario = conReglas(
  z.object({
    username: requerido(LIMITES_USUARIO.username, M.usernameLargo),
    password: z.preprocess(
      (v) => v ?? '',
      z
        .string({ error: M.introduceTodosLosCampos })
        .max(LIMITES_USUARIO.password)
        .refine((p) => p.trim() !== '', M.introduceTodosLosCampos),
    ),
    ...campos,
  }),
);
export type PeticionRegistrarUsuario = z.output<typeof peticionRegistrarUsuario>;

/**
 * POST /editarUsuario: nombre, password (optional), nivel, id, lider, cliente, maxRecargas,
 * phoneNumber. A password that is absent, empty or the six dots leaves the stored one; an absent
 * maxRecargas or phoneNumber keeps the stored value.
 */
export const peticionEditarUsuario = conReglas(
  z.object({
    id: idUsuario,
    password: z.preprocess(
      (v) =>
        v === null || (typeof v === 'string' && (SIN_CAMBIO.has(v) || v.trim() === '')) ? undefined : v,
      z.string().max(LIMITES_USUARIO.password).optional(),
    ),
    ...campos,
  }),
);
export type PeticionEditarUsuario = z.output<typeof peticionEditarUsuario>;

/** A choice of the form's pickers; `nuevo`: a client name typed to be created. */
const opcion = z.object({ id: z.number(), nombre: z.string(), nuevo: z.boolean().optional() });

/**
 * The user form (spec sections 4 and 5): what the screen holds, checked in the order the form
 * checks it; only the first rule that fails is reported, on every field it marks. `escritor`
 * and `topeClientes` give the caps of excedeTopeRecargas.
 */
export const formularioUsuario = (
  escritor: { nivel: number; maxRecargas: number },
  topeClientes: number | null,
) =>
  z
    .object({
      username: z.string(),
      nombre: z.string(),
      password: z.string(),
      confirmacion: z.string(),
      nivel: z.number(),
      lider: opcion.nullable(),
      cliente: opcion.nullable(),
      phoneNumber: z.string(),
      maxRecargas: z.string(),
    })
    .superRefine((f, ctx) => {
      const falla = (message: string, campos: string[]) => {
        for (const c of campos) ctx.addIssue({ code: 'custom', message, path: [c] });
      };
      const blancos = (['username', 'nombre', 'password'] as const).filter((c) => f[c].trim() === '');
      if (blancos.length > 0) return falla(M.introduceTodosLosCampos, blancos);
      if (f.password !== f.confirmacion) return falla(M.contrasenasNoCoinciden, ['confirmacion']);
      if (!telefono.safeParse(f.phoneNumber).success)
        return falla(M.telefonoUsuarioInvalido, ['phoneNumber']);
      if (f.nivel === NIVEL.cliente && !f.cliente)
        return falla(M.seleccionaCliente, [f.lider && f.lider.id !== SIN_LIDER ? 'cliente' : 'lider']);
      if (f.maxRecargas.trim() === '' || !maxRecargas.safeParse(f.maxRecargas).success)
        return falla(M.rangoMaxRecargas, ['maxRecargas']);
      const tope = excedeTopeRecargas(escritor, topeClientes, f.nivel, Number(f.maxRecargas));
      if (tope) falla(tope, ['maxRecargas']);
    });
export type FormularioUsuario = z.infer<ReturnType<typeof formularioUsuario>>;

/** POST /eliminarUsuario: id. */
export const peticionEliminarUsuario = z.object({ id: idUsuario });

/** isMonto: 1 means the amount permission is on (booleans and '0'/'1' accepted too). */
const isMonto = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
]);

/** POST /api/setUsuariosMonto: username, isMonto. */
export const peticionSetUsuariosMonto = z.object({
  username: requerido(LIMITES_USUARIO.username, M.usernameLargo),
  isMonto,
});

/** Columns of the users list that take chip filters (names of the row fields). */
export const COLUMNAS_FILTRO_USUARIOS = [
  'username',
  'nombre',
  'nivel',
  'lider',
  'cliente',
  'phoneNumber',
  'maxRecargas',
] as const;
export type ColumnaFiltroUsuarios = (typeof COLUMNAS_FILTRO_USUARIOS)[number];

/** Titles of those columns (spec section 2), for the list and its Excel export. */
export const TITULOS_USUARIOS: Record<ColumnaFiltroUsuarios, string> = {
  username: M.colUsername,
  nombre: M.colNombre,
  nivel: M.colNivel,
  lider: M.colLider,
  cliente: M.colCliente,
  phoneNumber: M.colTelefono,
  maxRecargas: M.colMaxRecargas,
};

/**
 * Chip filters of the users list (the shared convention of every list, filtros.ts): within a
 * column the chips combine as OR, across columns as AND; each chip is a case-insensitive
 * substring of the shown value ('sin Telefono' included).
 */
export const filtrosUsuarios = filtrosDe(COLUMNAS_FILTRO_USUARIOS);
export type FiltrosUsuarios = z.output<typeof filtrosUsuarios>;

/** Keyset cursor: the id of the last row received (`siguiente` of the previous page). */
const cursor = z.preprocess(
  (v) => (vacio(v) ? undefined : v),
  z.coerce.number().int().min(1).max(2_147_483_647).optional(),
);
const limite = (porDefecto: number) =>
  z.coerce.number().int().min(1).max(POR_PAGINA.maximo).default(porDefecto);

/** GET /api/usuarios?after=&limit=&filtros={"username":["a","b"],"lider":["norte"]} */
export const consultaUsuarios = z.object({
  filtros: comoJson(filtrosUsuarios).optional(),
  after: cursor,
  limit: limite(POR_PAGINA.usuarios),
});

export const usuarioFila = z.object({
  id: z.number().int(),
  username: z.string(),
  nombre: z.string(),
  nivel: z.number().int(),
  /** Leader's name, '' without one. */
  lider: z.string(),
  liderId: z.number().int(),
  /** Client's name, '' without one. */
  cliente: z.string(),
  clienteId: z.number().int(),
  /** The string 'null' when there is none: the screen shows 'sin Telefono'. */
  phoneNumber: z.string(),
  maxRecargas: z.number().int(),
  isMonto: z.boolean(),
});
export type UsuarioFila = z.infer<typeof usuarioFila>;

/** A page of users: `total` (the '{n} registros') comes with the first page only. */
export const respuestaUsuarios = z.object({
  usuarios: z.array(usuarioFila),
  total: z.number().int().nullable(),
  siguiente: z.string().nullable(),
});
export type RespuestaUsuarios = z.infer<typeof respuestaUsuarios>;

/** GET /api/usuariosMonto: the leaders and clients with their amount permission, by pages. */
export const consultaUsuariosMonto = z.object({ after: cursor, limit: limite(POR_PAGINA.usuarios) });
export const respuestaUsuariosMonto = z.object({
  usuarios: z.array(usuarioFila.pick({ id: true, username: true, nombre: true, nivel: true, isMonto: true })),
  siguiente: z.string().nullable(),
});

/** GET /api/lideres?q=&after=: the leader picker, 10 at a time, searched by name. */
export const consultaLideres = z.object({
  q: z.string().trim().max(LIMITES_USUARIO.busqueda).refine(sinNul, NUL).optional(),
  after: cursor,
  limit: limite(POR_PAGINA.lideres),
});
export const respuestaLideres = z.object({
  lideres: z.array(z.object({ id: z.number().int(), lider: z.string() })),
  siguiente: z.string().nullable(),
});
export type RespuestaLideres = z.infer<typeof respuestaLideres>;

/** GET /api/clientes?lider=&q=&after=: pairs of {lider, cliente}, 10 at a time. */
export const consultaClientes = consultaLideres.extend({ lider: idOpcional });
export const respuestaClientes = z.object({
  clientes: z.array(
    z.object({ id: z.number().int(), cliente: z.string(), liderId: z.number().int(), lider: z.string() }),
  ),
  siguiente: z.string().nullable(),
});
export type RespuestaClientes = z.infer<typeof respuestaClientes>;

export const respuestaMensajeUsuario = z.object({ mensaje: z.string(), id: z.number().int().optional() });
export type RespuestaMensajeUsuario = z.infer<typeof respuestaMensajeUsuario>;
