import { CARRIERS, type Carrier } from '@recargas/contracts/carriers';
import {
  type AccionSubida,
  dnValido,
  LIMITE_ARREGLO,
  LIMITES_LINEA,
  type RespuestaSubida,
} from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import {
  type PeticionRegistrarUsuario,
  peticionRegistrarUsuario,
  SIN_LIDER,
} from '@recargas/contracts/usuarios';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi, sinPermiso } from '../../lib/errores.ts';
import * as masivas from '../bulk/service.ts';
import * as empresas from '../companies/service.ts';
import * as lineas from '../lines/service.ts';
import type { PortaNueva } from '../portability/repo.ts';
import * as portas from '../portability/repo.ts';
import * as usuarios from '../users/service.ts';
import { type FilaLeida, type LimitesXlsx, leerHoja, revisarZip } from './xlsx.ts';

const MiB = 1024 * 1024;
const entero = (v: string | undefined, porDefecto: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n > 0 ? n : porDefecto;
};

/** Upload limits from the environment (read when the routes are registered). */
export function limitesSubida(env: NodeJS.ProcessEnv = process.env): LimitesXlsx & { maxBytes: number } {
  return {
    maxBytes: entero(env.SUBIDA_MAX_MB, 30) * MiB,
    maxDescomprimido: entero(env.SUBIDA_MAX_DESCOMPRIMIDO_MB, 400) * MiB,
    maxRazon: 200,
    maxEntradas: 200,
    maxFilas: entero(env.SUBIDA_MAX_FILAS, 100_000),
    maxColumnas: 30,
    maxCelda: 200,
  };
}

/** Columns of the templates (section 7): the administrator's and the seller's (leader forced). */
export const PLANTILLAS = {
  admin: ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
  vendedor: ['ICC', 'DN', 'COMPANIA', 'MONTO', 'CLIENTE', 'NIR'],
  /** Action 6: one port-out row per SIM (spec section 3, Port-out row). */
  portabilidadesAdmin: [
    'ICC',
    'LIDER',
    'CLIENTE',
    'INTER',
    'DN_ORIGEN',
    'COMPANIA_ORIGEN',
    'NIP',
    'MONTO_RECARGA',
  ],
  /** Action 7: the fields of the new-user form (spec section 3, User); LIDER and CLIENTE by name. */
  registroUsuarios: [
    'USERNAME',
    'NOMBRE',
    'PASSWORD',
    'NIVEL',
    'LIDER',
    'CLIENTE',
    'TELEFONO',
    'MAX_RECARGAS',
  ],
} as const;

/** Rows of one action 7 file: each password is hashed (argon2id), so fewer than for lines. */
export const MAX_FILAS_USUARIOS = 1000;

/** Extra columns of companies that show them (company setting columnasExtraLineas). */
const EXTRAS: Record<string, 'fechaEntrega' | 'producto' | 'fechaPortada'> = {
  FECHA_ENTREGA: 'fechaEntrega',
  PRODUCTO: 'producto',
  FECHA_PORTADA: 'fechaPortada',
};

/** A header as compared: upper case, no accents, spaces as underscores. */
export const normalizarEncabezado = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, '_');

const CODIGO_POR_NOMBRE = new Map<string, string>([
  ...Object.entries(CARRIERS).flatMap(([c, n]): [string, string][] => [
    [c, c],
    [normalizarEncabezado(n), c],
  ]),
  ['ATT', 'A'],
  ['AT_T', 'A'],
  ['BIAT', 'B'],
]);

type Usuario = lineas.Usuario;

/** Upload is for administrators, or leaders with RETROALIMENTACION_LIDER (spec section 6). */
export const puedeSubir = (u: Usuario) =>
  esAdministrador(u.nivel) || (u.nivel === NIVEL.lider && u.permisos.includes('RETROALIMENTACION_LIDER'));

/**
 * The permission rule of each action (section 9): 1 and 2 for whoever may upload, 3 and 7
 * administrators, 4 administrators with RECARGAS_MASIVAS, 6 with PORTABILIDADES. Action 4
 * makes a bulk top-up block (bulk/service.ts crearBloque) of the valid rows, action 6 port-out
 * rows, action 7 users.
 */
export function revisarAccion(u: Usuario, accion: number): AccionSubida {
  if (![1, 2, 3, 4, 6, 7].includes(accion)) throw new ErrorApi(400, M.seleccionaAccion);
  if (!puedeSubir(u)) throw sinPermiso();
  const admin = esAdministrador(u.nivel);
  const permitida =
    accion === 1 || accion === 2
      ? true
      : accion === 4
        ? admin && u.permisos.includes('RECARGAS_MASIVAS')
        : accion === 6
          ? admin && u.permisos.includes('PORTABILIDADES')
          : admin;
  if (!permitida) throw sinPermiso();
  if (u.nivel === NIVEL.lider && u.liderId === null) throw sinPermiso();
  return accion as AccionSubida;
}

/** The form's plataformaId: 'No aplica' (empty, 0) or 1/2, kept only for administrators. */
export function plataformaDe(u: Usuario, valor: string | undefined): number | null {
  const v = (valor ?? '').trim();
  if (v === '' || v === '0' || v === 'null' || normalizarEncabezado(v) === 'NO_APLICA') return null;
  if (v !== '1' && v !== '2') throw new ErrorApi(400, M.lineaPlataformaInvalida);
  return esAdministrador(u.nivel) ? Number(v) : null;
}

interface Opciones {
  accion: AccionSubida;
  /** yyyy-mm-dd, actions 1 and 2. */
  vigencia: string | null;
  plataforma: number | null;
  ruta: string;
  limites: LimitesXlsx;
}

type Estado = 'correcto' | 'erroneo' | 'duplicado';
interface Revision {
  leida: FilaLeida;
  estado: Estado;
  /** Column index → why the cell is wrong. */
  errores: Map<number, string>;
  nueva?: lineas.LineaNueva;
}

const fecha = (v: string) => {
  const t = v.replaceAll('/', '-');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return undefined;
  const d = new Date(`${t}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === t ? t : undefined;
};

/** POST /subirArchivo: one workbook, checked whole, its valid rows written in one transaction. */
export async function subir(ctx: Ctx, u: Usuario, o: Opciones): Promise<RespuestaSubida> {
  const empresa = await empresas.porIdOError(ctx.db, u.empresaId);
  const extrasEmpresa = empresas.ajustesDe(empresa).columnasExtraLineas as readonly string[];
  const admin = esAdministrador(u.nivel);
  await revisarZip(o.ruta, o.limites);
  const { encabezados, filas } = await leerHojaDosVeces(o.ruta, o.limites);
  if (o.accion === 6) return subirPortabilidades(ctx, u, encabezados, filas);
  if (o.accion === 7) return subirUsuarios(ctx, u, encabezados, filas);
  const columnas = revisarEncabezados(encabezados, o.accion, admin, extrasEmpresa);
  if (filas.length === 0) throw new ErrorApi(400, M.archivoVacio);

  const { lideres, clientes } = await lineas.lideresYClientes(ctx.db, u.empresaId);
  const liderPorNombre = new Map(lideres.map((l) => [l.nombre.trim().toLowerCase(), l.id]));
  const liderIds = new Set(lideres.map((l) => l.id));
  const clientePor = new Map(clientes.map((c) => [`${c.lider_id}:${c.nombre.trim().toLowerCase()}`, c.id]));
  const clienteIds = new Map(clientes.map((c) => [c.id, c.lider_id]));
  const idx = (h: string) => columnas.indexOf(h);

  const vistos = new Set<string>();
  const revisiones: Revision[] = filas.map((leida) => {
    const errores = new Map<number, string>();
    const v = (h: string) => (idx(h) >= 0 ? (leida.valores[idx(h)] ?? '') : '');
    const icc = v('ICC');
    if (!/^\d{19}$/.test(icc) || leida.imprecisas.includes(idx('ICC')))
      errores.set(idx('ICC'), M.lineaIccInvalido);
    if (o.accion === 3) {
      if (errores.size === 0 && vistos.has(icc)) {
        errores.set(idx('ICC'), M.lineaDuplicadaArchivo);
        return { leida, estado: 'duplicado', errores };
      }
      vistos.add(icc);
      return { leida, estado: errores.size ? 'erroneo' : 'correcto', errores };
    }
    const nir = v('NIR');
    if (nir !== '' && !new RegExp(`^\\d{1,${LIMITES_LINEA.nir}}$`).test(nir))
      errores.set(idx('NIR'), M.lineaNirInvalido);
    const dn = v('DN');
    if (dn !== '' && (!dnValido(dn, nir) || leida.imprecisas.includes(idx('DN'))))
      errores.set(idx('DN'), M.lineaDnInvalido);
    const compania = CODIGO_POR_NOMBRE.get(normalizarEncabezado(v('COMPANIA')));
    if (!compania) errores.set(idx('COMPANIA'), M.lineaCompaniaInvalida);
    const montoTexto = v('MONTO');
    const monto = montoTexto === '' ? null : /^\d{1,6}$/.test(montoTexto) ? Number(montoTexto) : Number.NaN;
    if (monto !== null && !(monto > 0)) errores.set(idx('MONTO'), M.lineaMontoInvalido);
    let liderId: number | null = u.nivel === NIVEL.lider ? u.liderId : null;
    if (admin) {
      const t = v('LIDER');
      if (t !== '') {
        const porId = /^\d+$/.test(t) && liderIds.has(Number(t)) ? Number(t) : undefined;
        liderId = porId ?? liderPorNombre.get(t.toLowerCase()) ?? null;
        if (liderId === null) errores.set(idx('LIDER'), M.lineaLiderInvalido);
      }
    }
    let clienteId: number | null = null;
    const tc = v('CLIENTE');
    if (tc !== '') {
      const porId = /^\d+$/.test(tc) && clienteIds.get(Number(tc)) === liderId ? Number(tc) : undefined;
      clienteId =
        porId ?? (liderId !== null ? (clientePor.get(`${liderId}:${tc.toLowerCase()}`) ?? null) : null);
      if (clienteId === null) errores.set(idx('CLIENTE'), M.lineaClienteInvalido);
    }
    const extras: Record<string, string | null> = { fechaEntrega: null, producto: null, fechaPortada: null };
    for (const [h, clave] of Object.entries(EXTRAS)) {
      const t = v(h);
      if (idx(h) < 0 || t === '') continue;
      if (clave === 'producto') {
        if (t.length > LIMITES_LINEA.producto) errores.set(idx(h), texto('datosInvalidos', { detalle: h }));
        extras[clave] = t;
      } else {
        const f = fecha(t);
        if (!f) errores.set(idx(h), M.lineaFechaInvalida);
        extras[clave] = f ?? null;
      }
    }
    if (errores.size > 0) return { leida, estado: 'erroneo', errores };
    if (vistos.has(icc)) {
      errores.set(idx('ICC'), M.lineaDuplicadaArchivo);
      return { leida, estado: o.accion === 1 ? 'duplicado' : 'erroneo', errores };
    }
    vistos.add(icc);
    return {
      leida,
      estado: 'correcto',
      errores,
      nueva: {
        empresa_id: u.empresaId,
        icc,
        dn,
        compania: compania as string,
        monto,
        lider_id: liderId,
        cliente_id: clienteId,
        nir: nir === '' ? null : nir,
        fecha_vigencia: o.vigencia,
        plataforma: o.plataforma,
        subido_por: u.usuarioId,
        fecha_entrega: extras.fechaEntrega ?? null,
        producto: extras.producto ?? null,
        fecha_portada: extras.fechaPortada ?? null,
      },
    };
  });

  await escribir(ctx, u, o.accion, revisiones, idx('ICC'), idx('CLIENTE'));
  return respuesta(o.accion, columnas, revisiones);
}

/** The upload's answer: the toast text, the counts and the rows of the result table. */
function respuesta(accion: AccionSubida, columnas: string[], revisiones: Revision[]): RespuestaSubida {
  const cuenta = (e: Estado) => revisiones.filter((r) => r.estado === e).length;
  const correctos = cuenta('correcto');
  const erroneos = cuenta('erroneo');
  const duplicados = cuenta('duplicado');
  const total = revisiones.length;
  const elegidas = elegir(revisiones);
  return {
    mensaje: texto(accion === 2 ? 'subidaResultadoReemplazo' : 'subidaResultado', {
      total,
      correctos,
      erroneos,
      duplicados,
    }),
    titulos: columnas.map((c) => ({ llave: c, valor: c })),
    arreglo: elegidas.map((r) => ({
      fila: r.leida.fila,
      estado: r.estado,
      celdas: columnas.map((c, i) => {
        const mensaje = r.errores.get(i);
        return {
          llave: c,
          valor: r.leida.valores[i] ?? '',
          isCorrecto: mensaje === undefined,
          ...(mensaje ? { mensaje } : {}),
        };
      }),
    })),
    arregloCompleto: elegidas.length === total,
    total,
    correctos,
    erroneos,
    duplicados,
  };
}

/**
 * exceljs's streaming reader failed on a valid file twice in CI (PostgreSQL stage, under load;
 * never reproduced locally, cause unknown): a file it cannot read is read once more before it is
 * refused, and the first failure is logged with its cause. A bad file is refused either way.
 */
async function leerHojaDosVeces(ruta: string, limites: LimitesXlsx) {
  try {
    return await leerHoja(ruta, limites);
  } catch (e) {
    if (!(e instanceof ErrorApi) || e.cause === undefined) throw e;
    console.warn('Lectura de .xlsx fallida, se reintenta:', e.cause);
    return leerHoja(ruta, limites);
  }
}

/** The headers must be exactly the template's, in order. */
function revisarPlantilla(encabezados: string[], plantilla: readonly string[]): string[] {
  const dados = encabezados.map(normalizarEncabezado);
  while (dados.length > 0 && dados.at(-1) === '') dados.pop();
  if (dados.length === 0) throw new ErrorApi(400, M.archivoVacio);
  if (dados.length !== plantilla.length || plantilla.some((h, i) => dados[i] !== h))
    throw new ErrorApi(400, texto('archivoEncabezados', { esperados: plantilla.join(', ') }));
  return dados;
}

/**
 * Action 6, Nuevas Portabilidades: one port-out row per valid row, all in one transaction. An
 * ICC repeated in the file, or that already has a port-out row in the company, is a duplicate.
 */
async function subirPortabilidades(
  ctx: Ctx,
  u: Usuario,
  encabezados: string[],
  filas: FilaLeida[],
): Promise<RespuestaSubida> {
  const columnas = revisarPlantilla(encabezados, PLANTILLAS.portabilidadesAdmin);
  if (filas.length === 0) throw new ErrorApi(400, M.archivoVacio);
  const idx = (h: (typeof PLANTILLAS.portabilidadesAdmin)[number]) => columnas.indexOf(h);
  const vistos = new Set<string>();
  const revisiones = filas.map((leida): Revision & { porta?: PortaNueva } => {
    const errores = new Map<number, string>();
    const v = (h: (typeof PLANTILLAS.portabilidadesAdmin)[number]) => leida.valores[idx(h)] ?? '';
    const revisar = (
      h: (typeof PLANTILLAS.portabilidadesAdmin)[number],
      valido: boolean,
      mensaje: string,
    ) => {
      if (!valido) errores.set(idx(h), mensaje);
    };
    const icc = v('ICC');
    revisar('ICC', /^\d{19}$/.test(icc) && !leida.imprecisas.includes(idx('ICC')), M.lineaIccInvalido);
    revisar('LIDER', v('LIDER').length <= 100, M.nombreLargo);
    revisar('CLIENTE', v('CLIENTE').length <= 100, M.nombreLargo);
    revisar('INTER', v('INTER').length <= 50, M.portaInterInvalido);
    const dn = v('DN_ORIGEN');
    revisar(
      'DN_ORIGEN',
      dn === '' || (/^\d{10}$/.test(dn) && !leida.imprecisas.includes(idx('DN_ORIGEN'))),
      M.portaDnInvalido,
    );
    const carrierTexto = v('COMPANIA_ORIGEN');
    const carrier =
      carrierTexto === '' ? null : (CODIGO_POR_NOMBRE.get(normalizarEncabezado(carrierTexto)) ?? undefined);
    revisar('COMPANIA_ORIGEN', carrier !== undefined, M.lineaCompaniaInvalida);
    const nip = v('NIP');
    revisar('NIP', nip === '' || /^\d{4}$/.test(nip), M.portaNipInvalido);
    const montoTexto = v('MONTO_RECARGA');
    const monto = montoTexto === '' ? null : /^\d{1,6}$/.test(montoTexto) ? Number(montoTexto) : Number.NaN;
    revisar('MONTO_RECARGA', monto === null || (monto > 0 && monto <= 100_000), M.lineaMontoInvalido);
    if (errores.size > 0) return { leida, estado: 'erroneo', errores };
    if (vistos.has(icc)) {
      errores.set(idx('ICC'), M.lineaDuplicadaArchivo);
      return { leida, estado: 'duplicado', errores };
    }
    vistos.add(icc);
    const texto = (h: (typeof PLANTILLAS.portabilidadesAdmin)[number]) => v(h) || null;
    return {
      leida,
      estado: 'correcto',
      errores,
      porta: {
        empresa_id: u.empresaId,
        icc,
        lider_nombre: texto('LIDER'),
        cliente_nombre: texto('CLIENTE'),
        inter: texto('INTER'),
        dn_origen: texto('DN_ORIGEN'),
        carrier_origen: carrier ?? null,
        nip: texto('NIP'),
        monto_recarga: monto,
        usuario_id: u.usuarioId,
      },
    };
  });
  const validas = revisiones.filter((r) => r.porta !== undefined);
  await lineas.enTransaccion(ctx.db, async (tx) => {
    for (let i = 0; i < validas.length; i += LOTE) {
      const lote = validas.slice(i, i + LOTE);
      const hechas = new Set(
        (
          await portas.insertarNuevas(
            tx,
            u.empresaId,
            lote.map((r) => r.porta as PortaNueva),
          )
        ).map((f) => f.icc),
      );
      for (const r of lote) {
        if (hechas.has(r.porta?.icc ?? '')) continue;
        r.estado = 'duplicado';
        r.errores.set(idx('ICC'), M.portaIccExistente);
      }
    }
  });
  return respuesta(6, columnas, revisiones);
}

/** The headers the uploader's template has; extra known columns of the company may follow. */
function revisarEncabezados(
  encabezados: string[],
  accion: AccionSubida,
  admin: boolean,
  extrasEmpresa: readonly string[],
): string[] {
  const dados = encabezados.map(normalizarEncabezado);
  while (dados.length > 0 && dados.at(-1) === '') dados.pop();
  const base: readonly string[] = admin ? PLANTILLAS.admin : PLANTILLAS.vendedor;
  if (dados.length === 0) throw new ErrorApi(400, M.archivoVacio);
  if (accion === 3) {
    if (dados[0] !== 'ICC') throw new ErrorApi(400, texto('archivoEncabezados', { esperados: 'ICC' }));
    return dados;
  }
  const extrasPermitidas = Object.entries(EXTRAS)
    .filter(([, clave]) => admin && extrasEmpresa.includes(clave))
    .map(([h]) => h);
  const ok =
    base.every((h, i) => dados[i] === h) &&
    dados.slice(base.length).every((h, i, resto) => extrasPermitidas.includes(h) && resto.indexOf(h) === i);
  if (!ok) {
    throw new ErrorApi(
      400,
      texto('archivoEncabezados', { esperados: [...base, ...extrasPermitidas].join(', ') }),
    );
  }
  return dados;
}

/** Which column of the registroUsuarios template a field of the user contract is typed in. */
const COLUMNA_CAMPO: Record<string, (typeof PLANTILLAS.registroUsuarios)[number]> = {
  username: 'USERNAME',
  nombre: 'NOMBRE',
  password: 'PASSWORD',
  nivel: 'NIVEL',
  lider: 'LIDER',
  liderNuevo: 'LIDER',
  cliente: 'CLIENTE',
  clienteNuevo: 'CLIENTE',
  phoneNumber: 'TELEFONO',
  maxRecargas: 'MAX_RECARGAS',
};

/**
 * Action 7, Registrar Usuarios: each row is what the new-user form would send, checked by the
 * same contract and rules (levels 2 and 3 only; a client needs USUARIO_CLIENTE). LIDER and
 * CLIENTE are names: an existing leader or client is used; a new name founds a leader (level 2)
 * or a client of the leader (level 3). Usernames repeated in the file or already taken are
 * duplicates. The valid rows are written in one transaction.
 */
async function subirUsuarios(
  ctx: Ctx,
  u: Usuario,
  encabezados: string[],
  filas: FilaLeida[],
): Promise<RespuestaSubida> {
  const columnas = revisarPlantilla(encabezados, PLANTILLAS.registroUsuarios);
  if (filas.length === 0) throw new ErrorApi(400, M.archivoVacio);
  if (filas.length > MAX_FILAS_USUARIOS)
    throw new ErrorApi(400, texto('archivoDemasiadasFilas', { max: MAX_FILAS_USUARIOS }));
  const idx = (h: string) => columnas.indexOf(h);
  const { lideres, clientes } = await lineas.lideresYClientes(ctx.db, u.empresaId);
  const liderPorNombre = new Map(lideres.map((l) => [l.nombre.trim().toLowerCase(), l.id]));
  const clientePor = new Map(clientes.map((c) => [`${c.lider_id}:${c.nombre.trim().toLowerCase()}`, c.id]));
  const valor = (leida: FilaLeida, h: string) => leida.valores[idx(h)] ?? '';
  const tomados = await usuarios.usernamesExistentes(
    ctx,
    u.empresaId,
    filas.map((f) => valor(f, 'USERNAME')).filter((n) => n !== ''),
  );
  const vistos = new Set<string>();
  const quien = { ...u, liderId: u.liderId };
  const revisiones = filas.map((leida): Revision & { usuario?: PeticionRegistrarUsuario } => {
    const errores = new Map<number, string>();
    const v = (h: string) => valor(leida, h);
    const nivel = Number(v('NIVEL'));
    const lider = v('LIDER');
    const liderId = liderPorNombre.get(lider.toLowerCase());
    const cliente = v('CLIENTE');
    const clienteId =
      liderId === undefined ? undefined : clientePor.get(`${liderId}:${cliente.toLowerCase()}`);
    if (nivel === NIVEL.cliente && lider !== '' && liderId === undefined)
      errores.set(idx('LIDER'), M.lineaLiderInvalido);
    const p = peticionRegistrarUsuario.safeParse({
      username: v('USERNAME'),
      nombre: v('NOMBRE'),
      password: v('PASSWORD'),
      nivel: v('NIVEL'),
      lider: liderId ?? SIN_LIDER,
      ...(nivel === NIVEL.lider && liderId === undefined && lider !== '' ? { liderNuevo: lider } : {}),
      ...(clienteId !== undefined ? { cliente: clienteId } : cliente !== '' ? { clienteNuevo: cliente } : {}),
      phoneNumber: v('TELEFONO'),
      maxRecargas: v('MAX_RECARGAS'),
    });
    if (!p.success) {
      for (const issue of p.error.issues) {
        const i = idx(COLUMNA_CAMPO[String(issue.path[0])] ?? 'USERNAME');
        if (!errores.has(i)) errores.set(i, issue.message);
      }
      return { leida, estado: 'erroneo', errores };
    }
    try {
      usuarios.revisarRegistro(quien, p.data);
    } catch (e) {
      if (!(e instanceof ErrorApi)) throw e;
      errores.set(idx('NIVEL'), e.message);
    }
    if (errores.size > 0) return { leida, estado: 'erroneo', errores };
    const username = p.data.username.toLowerCase();
    if (vistos.has(username) || tomados.has(username)) {
      errores.set(
        idx('USERNAME'),
        vistos.has(username)
          ? M.usuarioRepetidoArchivo
          : texto('usuarioYaExiste', { username: p.data.username }),
      );
      return { leida, estado: 'duplicado', errores };
    }
    vistos.add(username);
    return { leida, estado: 'correcto', errores, usuario: p.data };
  });
  const validas = revisiones.flatMap((r) => (r.usuario ? [r.usuario] : []));
  if (validas.length > 0) await usuarios.registrarVarios(ctx, quien, validas);
  return respuesta(7, columnas, revisiones);
}

const LOTE = 1000;

/** The valid rows, in one transaction; the database decides what already exists. */
async function escribir(
  ctx: Ctx,
  u: Usuario,
  accion: AccionSubida,
  revisiones: Revision[],
  colIcc: number,
  colCliente = -1,
) {
  const validas = revisiones.filter((r) => r.estado === 'correcto');
  if (validas.length === 0) return;
  if (accion === 4) {
    // One block of every valid row, all or nothing; its lines join the inventory when new.
    await masivas.crearBloque(
      ctx,
      u.empresaId,
      u.usuarioId,
      validas.map((r) => {
        const f = r.nueva as lineas.LineaNueva;
        return {
          icc: f.icc,
          dn: f.dn,
          monto: f.monto,
          compania: f.compania as Carrier,
          nombre: (r.leida.valores[colCliente] ?? '').slice(0, 100),
        };
      }),
    );
    return;
  }
  const liderPropio = u.nivel === NIVEL.lider ? (u.liderId ?? undefined) : undefined;
  const iccDe = (r: Revision) => r.leida.valores[colIcc] ?? '';
  await lineas.enTransaccion(ctx.db, async (tx) => {
    for (let i = 0; i < validas.length; i += LOTE) {
      const lote = validas.slice(i, i + LOTE);
      if (accion === 1) {
        const hechas = new Set(
          (
            await lineas.insertarNuevas(
              tx,
              lote.map((r) => r.nueva as lineas.LineaNueva),
            )
          ).map((f) => f.icc),
        );
        for (const r of lote) {
          if (hechas.has(iccDe(r))) continue;
          r.estado = 'duplicado';
          r.errores.set(colIcc, M.lineaIccExistente);
        }
      } else if (accion === 2) {
        const hechas = new Map(
          (
            await lineas.reemplazar(
              tx,
              lote.map((r) => r.nueva as lineas.LineaNueva),
              liderPropio,
            )
          ).map((f) => [f.icc, f.nueva]),
        );
        for (const r of lote) {
          const nueva = hechas.get(iccDe(r));
          if (nueva === undefined) {
            r.estado = 'erroneo';
            r.errores.set(colIcc, M.lineaAjena);
          } else if (!nueva) r.estado = 'duplicado';
        }
      } else {
        const hechas = new Set((await lineas.eliminar(tx, u.empresaId, lote.map(iccDe))).map((f) => f.icc));
        for (const r of lote) {
          if (hechas.has(iccDe(r))) continue;
          r.estado = 'erroneo';
          r.errores.set(colIcc, M.lineaNoExiste);
        }
      }
    }
  });
}

/** Rows for the result table: wrong and duplicated first, then correct ones, in sheet order. */
function elegir(revisiones: Revision[]): Revision[] {
  const malas = revisiones.filter((r) => r.estado !== 'correcto').slice(0, LIMITE_ARREGLO);
  const buenas = revisiones.filter((r) => r.estado === 'correcto').slice(0, LIMITE_ARREGLO - malas.length);
  return [...malas, ...buenas].sort((a, b) => a.leida.fila - b.leida.fila);
}

const HOJAS: Record<keyof typeof PLANTILLAS, string> = {
  admin: 'Lineas',
  vendedor: 'Lineas',
  portabilidadesAdmin: 'Portabilidades',
  registroUsuarios: 'Usuarios',
};

/** A template (GET /get/plantilla, /vendedor, /portabilidadesAdmin, /registroUsuarios): headers, numbers kept as text. */
export async function plantilla(ctx: Ctx, u: Usuario, tipo: keyof typeof PLANTILLAS): Promise<Buffer> {
  const empresa = await empresas.porIdOError(ctx.db, u.empresaId);
  const extrasEmpresa = empresas.ajustesDe(empresa).columnasExtraLineas as readonly string[];
  const extras =
    tipo === 'admin'
      ? Object.entries(EXTRAS)
          .filter(([, c]) => extrasEmpresa.includes(c))
          .map(([h]) => h)
      : [];
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet(HOJAS[tipo]);
  const titulos = [...PLANTILLAS[tipo], ...extras];
  hoja.columns = titulos.map((t) => ({
    header: t,
    key: t,
    width: t === 'ICC' ? 24 : 16,
    // Text cells: a 19-digit ICC typed as a number would lose digits.
    style: ['ICC', 'DN', 'NIR', 'DN_ORIGEN', 'NIP', 'TELEFONO', 'PASSWORD'].includes(t)
      ? { numFmt: '@' }
      : {},
  }));
  hoja.getRow(1).font = { bold: true };
  return Buffer.from(await libro.xlsx.writeBuffer());
}
