import type { Carrier } from '@recargas/contracts/carriers';
import type { AjustesEmpresa } from '@recargas/contracts/empresas';
import { dnValido, LIMITES_LINEA } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import type { AccionSubida } from '@recargas/contracts/subidas';
import type { Ctx } from '../../contexto.ts';
import * as empresas from '../empresas/service.ts';
import * as masivas from '../masivas/service.ts';
import * as recargas from '../recargas/service.ts';
import * as reciclaje from '../reciclaje/service.ts';
import * as subidas from '../subidas/service.ts';
import { EXTRAS, extrasDeEmpresa, revisarEncabezados } from './encabezados.ts';
import * as repo from './repo.ts';
import * as escritura from './repo-subidas.ts';
import type { Usuario } from './service.ts';

/**
 * What the lines add to the uploads (registros.ts): actions 1 to 4, the company's extra columns of
 * the administrator's template, and the undo of a chunk of lines on the embedded database.
 */
export function registrarSubidasLineas() {
  subidas.registrarAccion([1, 2, 3, 4], { encabezados: revisarEncabezados, subir: subirLineas });
  subidas.registrarExtras('admin', extrasDeEmpresa);
  subidas.registrarDeshacer('lineas', async (tx, empresaId, t) => {
    const vueltas = await escritura.deshacer(tx, empresaId, t);
    // The top-ups and recyclings of the lines put back point at them again, each by its module.
    if (t.borradas && vueltas.length > 0) {
      await recargas.reenlazarLineas(tx, t.borradas, vueltas);
      await reciclaje.reenlazarLineas(tx, t.borradas, vueltas);
    }
  });
}

/**
 * The errors of every correct row, one empty map shared: a map each was 19 MB of a
 * 100,000-row upload's peak. Never written: a correct row that turns out wrong gets its own.
 */
const SIN_ERRORES: Map<number, string> = new Map();

const fecha = (v: string) => {
  const t = v.replaceAll('/', '-');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) return undefined;
  const d = new Date(`${t}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === t ? t : undefined;
};

/** The company's leaders and clients as a row may name them (by id or by name), and its amounts. */
interface Jerarquia {
  ajustes: Pick<AjustesEmpresa, 'montos'>;
  liderPorNombre: Map<string, number>;
  liderIds: Set<number>;
  /** Clients by `leaderId:name`. */
  clientePor: Map<string, number>;
  /** Each client's leader. */
  clienteIds: Map<number, number | null>;
}

/** One row's cells by header, and the errors found in them by column. */
interface Celdas {
  v: (h: string) => string;
  idx: (h: string) => number;
  errores: Map<number, string>;
}

/**
 * Actions 1 (Registrar nuevos), 2 (Reemplazar), 3 (Eliminar) and 4 (Recargas Masivas): each row
 * checked cell by cell against the template and the company's leaders and clients, then the
 * valid rows written (escribir).
 */
export async function subirLineas(
  ctx: Ctx,
  u: Usuario,
  o: subidas.OpcionesFilas,
  columnas: string[],
  filas: subidas.FilaLeida[],
): Promise<subidas.ResultadoSubida> {
  const { lideres, clientes } = await repo.lideresYClientes(ctx.db, u.empresaId);
  const jerarquia: Jerarquia = {
    ajustes: empresas.ajustesDe(await empresas.porIdOError(ctx.db, u.empresaId)),
    liderPorNombre: new Map(lideres.map((l) => [l.nombre.trim().toLowerCase(), l.id])),
    liderIds: new Set(lideres.map((l) => l.id)),
    clientePor: new Map(clientes.map((c) => [`${c.lider_id}:${c.nombre.trim().toLowerCase()}`, c.id])),
    clienteIds: new Map(clientes.map((c) => [c.id, c.lider_id])),
  };
  const idx = (h: string) => columnas.indexOf(h);
  // The line is made again for each chunk written rather than kept: 100,000 lines kept beside
  // their rows were 14 MB more of the upload's peak.
  const linea = (leida: subidas.FilaLeida) => lineaDe(u, o, jerarquia, idx, leida);

  const vistos = new Set<string>();
  const revisiones = await subidas.revisarFilas(filas, (leida): subidas.Revision => {
    const { errores } = linea(leida);
    const icc = leida.valores[idx('ICC')] ?? '';
    if (errores.size === 0 && vistos.has(icc)) {
      errores.set(idx('ICC'), M.lineaDuplicadaArchivo);
      return { leida, estado: o.accion === 1 || o.accion === 3 ? 'duplicado' : 'erroneo', errores };
    }
    if (errores.size > 0) return { leida, estado: 'erroneo', errores };
    vistos.add(icc);
    return { leida, estado: 'correcto', errores: SIN_ERRORES };
  });

  const nuevaDe = (r: subidas.Revision) => linea(r.leida).nueva as escritura.LineaNueva;
  await escribir(ctx, u, o.accion, revisiones, nuevaDe, idx('ICC'), idx('CLIENTE'));
  return subidas.respuesta(o.accion, columnas, revisiones);
}

/** The line a row describes, or why it cannot be one. */
function lineaDe(
  u: Usuario,
  o: subidas.OpcionesFilas,
  jerarquia: Jerarquia,
  idx: (h: string) => number,
  leida: subidas.FilaLeida,
): { errores: Map<number, string>; nueva?: escritura.LineaNueva } {
  const errores = new Map<number, string>();
  const v = (h: string) => (idx(h) >= 0 ? (leida.valores[idx(h)] ?? '') : '');
  const icc = v('ICC');
  if (!/^\d{19}$/.test(icc) || leida.imprecisas.includes(idx('ICC')))
    errores.set(idx('ICC'), M.lineaIccInvalido);
  if (o.accion === 3) return { errores };
  const nir = v('NIR');
  if (nir !== '' && !new RegExp(`^\\d{1,${LIMITES_LINEA.nir}}$`).test(nir))
    errores.set(idx('NIR'), M.lineaNirInvalido);
  const dn = v('DN');
  if (dn !== '' && (!dnValido(dn, nir) || leida.imprecisas.includes(idx('DN'))))
    errores.set(idx('DN'), M.lineaDnInvalido);
  const compania = subidas.CODIGO_POR_NOMBRE.get(subidas.normalizarEncabezado(v('COMPANIA')));
  if (!compania) errores.set(idx('COMPANIA'), M.lineaCompaniaInvalida);
  // Only the company's amounts: a line with another could never be topped up (issue 41).
  const { monto, error } = subidas.montoDeSubida(jerarquia.ajustes, v('MONTO'));
  if (error) errores.set(idx('MONTO'), error);
  const celdas = { v, idx, errores };
  const { liderId, clienteId } = liderYCliente(u, jerarquia, celdas);
  const extras = extrasDe(celdas);
  if (errores.size > 0) return { errores };
  return {
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
      fecha_entrega: extras.fechaEntrega,
      producto: extras.producto,
      fecha_portada: extras.fechaPortada,
    },
  };
}

/**
 * The leader and client a row names, by id or by name: an administrator's file may name any
 * leader of the company, a leader's lines are its own; a client must be of the line's leader.
 */
function liderYCliente(u: Usuario, j: Jerarquia, { v, idx, errores }: Celdas) {
  let liderId: number | null = u.nivel === NIVEL.lider ? u.liderId : null;
  if (esAdministrador(u.nivel)) {
    const t = v('LIDER');
    if (t !== '') {
      const porId = /^\d+$/.test(t) && j.liderIds.has(Number(t)) ? Number(t) : undefined;
      liderId = porId ?? j.liderPorNombre.get(t.toLowerCase()) ?? null;
      if (liderId === null) errores.set(idx('LIDER'), M.lineaLiderInvalido);
    }
  }
  let clienteId: number | null = null;
  const tc = v('CLIENTE');
  if (tc !== '') {
    const porId = /^\d+$/.test(tc) && j.clienteIds.get(Number(tc)) === liderId ? Number(tc) : undefined;
    clienteId =
      porId ?? (liderId !== null ? (j.clientePor.get(`${liderId}:${tc.toLowerCase()}`) ?? null) : null);
    if (clienteId === null) errores.set(idx('CLIENTE'), M.lineaClienteInvalido);
  }
  return { liderId, clienteId };
}

/** The company's extra columns (EXTRAS) of a row: a product name, or dates. */
function extrasDe({ v, idx, errores }: Celdas) {
  const extras: Record<(typeof EXTRAS)[string], string | null> = {
    fechaEntrega: null,
    producto: null,
    fechaPortada: null,
  };
  for (const [h, clave] of Object.entries(EXTRAS)) {
    const t = v(h);
    if (idx(h) < 0 || t === '') continue;
    if (clave === 'producto') {
      if (t.length > LIMITES_LINEA.producto)
        errores.set(idx(h), texto('datoInvalidoEn', { motivo: M.textoDemasiadoLargo, campo: h }));
      extras[clave] = t;
    } else {
      const f = fecha(t);
      if (!f) errores.set(idx(h), M.lineaFechaInvalida);
      extras[clave] = f ?? null;
    }
  }
  return extras;
}

/** The valid rows; the database decides what already exists (all or nothing: tramos.ts). */
async function escribir(
  ctx: Ctx,
  u: Usuario,
  accion: AccionSubida,
  revisiones: subidas.Revision[],
  nuevaDe: (r: subidas.Revision) => escritura.LineaNueva,
  colIcc: number,
  colCliente: number,
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
        const f = nuevaDe(r);
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
  const iccDe = (r: subidas.Revision) => r.leida.valores[colIcc] ?? '';
  const marcar = (r: subidas.Revision, estado: subidas.Estado, mensaje?: string) => {
    r.estado = estado;
    if (mensaje) r.errores = new Map([[colIcc, mensaje]]);
  };
  await subidas.escribirPorTramos(
    ctx,
    { empresaId: u.empresaId, accion, tabla: 'lineas' },
    validas,
    async (tx, lote, anotar) => {
      const iccs = lote.map(iccDe);
      if (accion === 1) {
        const hechas = await escritura.insertarNuevas(tx, lote.map(nuevaDe));
        await anotar?.({ insertadas: JSON.stringify(hechas.map((f) => f.id)) });
        const nuevas = new Set(hechas.map((f) => f.icc));
        for (const r of lote) if (!nuevas.has(iccDe(r))) marcar(r, 'duplicado', M.lineaIccExistente);
      } else if (accion === 2) {
        const cambiadas =
          anotar && (await escritura.instantanea(tx, u.empresaId, iccs, { liderId: liderPropio }));
        const hechas = await escritura.reemplazar(tx, lote.map(nuevaDe), liderPropio);
        const insertadas = hechas.filter((f) => f.nueva).map((f) => f.id);
        await anotar?.({ insertadas: JSON.stringify(insertadas), cambiadas });
        const porIcc = new Map(hechas.map((f) => [f.icc, f.nueva]));
        for (const r of lote) {
          const nueva = porIcc.get(iccDe(r));
          if (nueva === undefined) marcar(r, 'erroneo', M.lineaAjena);
          else if (!nueva) marcar(r, 'duplicado');
        }
      } else {
        const borradas = anotar && (await escritura.instantanea(tx, u.empresaId, iccs, { conEnlaces: true }));
        const hechas = new Set((await escritura.eliminar(tx, u.empresaId, iccs)).map((f) => f.icc));
        await anotar?.({ insertadas: '[]', borradas });
        for (const r of lote) if (!hechas.has(iccDe(r))) marcar(r, 'erroneo', M.lineaNoExiste);
      }
    },
  );
}
