import type { AjustesEmpresa } from '@recargas/contracts/empresas';
import { M } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import * as empresas from '../empresas/service.ts';
import * as subidas from '../subidas/service.ts';
import { deshacerNuevas, insertarNuevas, type PortaNueva } from './repo-subidas.ts';

/** What the port-outs add to the uploads (registros.ts): action 6 and the undo of its chunks. */
export function registrarSubidaPortabilidades() {
  subidas.registrarAccion([6], {
    encabezados: (_ctx, _u, encabezados) =>
      subidas.revisarPlantilla(encabezados, subidas.PLANTILLAS.portabilidadesAdmin),
    subir: (ctx, u, _o, columnas, filas) => subirPortabilidades(ctx, u, columnas, filas),
  });
  subidas.registrarDeshacer('portabilidades', (tx, empresaId, t) =>
    deshacerNuevas(tx, empresaId, t.insertadas),
  );
}

type Columna = (typeof subidas.PLANTILLAS.portabilidadesAdmin)[number];

/**
 * Action 6, Nuevas Portabilidades: one port-out row per valid row, all or nothing (tramos.ts). An
 * ICC repeated in the file, or that already has a port-out row in the company, is a duplicate.
 */
async function subirPortabilidades(
  ctx: Ctx,
  u: subidas.Subidor,
  columnas: string[],
  filas: subidas.FilaLeida[],
): Promise<subidas.ResultadoSubida> {
  const idx = (h: Columna) => columnas.indexOf(h);
  const vistos = new Set<string>();
  const ajustes = empresas.ajustesDe(await empresas.porIdOError(ctx.db, u.empresaId));
  const revisiones = await subidas.revisarFilas(filas, (leida) =>
    revisarPorta(u, { idx, ajustes }, vistos, leida),
  );
  const validas = revisiones.filter((r) => r.porta !== undefined);
  await subidas.escribirPorTramos(
    ctx,
    { empresaId: u.empresaId, accion: 6, tabla: 'portabilidades' },
    validas,
    async (tx, lote, anotar) => {
      const hechas = await insertarNuevas(
        tx,
        u.empresaId,
        lote.map((r) => r.porta as PortaNueva),
      );
      await anotar?.({ insertadas: JSON.stringify(hechas.map((f) => f.id)) });
      const nuevas = new Set(hechas.map((f) => f.icc));
      for (const r of lote) {
        if (nuevas.has(r.porta?.icc ?? '')) continue;
        r.estado = 'duplicado';
        r.errores.set(idx('ICC'), M.portaIccExistente);
      }
    },
  );
  return subidas.respuesta(6, columnas, revisiones);
}

/** One row of an action 6 file: erroneous, a duplicate of an earlier row, or the port-out it makes. */
function revisarPorta(
  u: subidas.Subidor,
  { idx, ajustes }: { idx: (h: Columna) => number; ajustes: Pick<AjustesEmpresa, 'montos'> },
  vistos: Set<string>,
  leida: subidas.FilaLeida,
): subidas.Revision & { porta?: PortaNueva } {
  const errores = new Map<number, string>();
  const v = (h: Columna) => leida.valores[idx(h)] ?? '';
  const revisar = (h: Columna, valido: boolean, mensaje: string) => {
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
    carrierTexto === ''
      ? null
      : (subidas.CODIGO_POR_NOMBRE.get(subidas.normalizarEncabezado(carrierTexto)) ?? undefined);
  revisar('COMPANIA_ORIGEN', carrier !== undefined, M.lineaCompaniaInvalida);
  const nip = v('NIP');
  revisar('NIP', nip === '' || /^\d{4}$/.test(nip), M.portaNipInvalido);
  // Only the company's amounts: a port-out with another could never be recharged (issue 41).
  const { monto, error } = subidas.montoDeSubida(ajustes, v('MONTO_RECARGA'));
  if (error) errores.set(idx('MONTO_RECARGA'), error);
  if (errores.size > 0) return { leida, estado: 'erroneo', errores };
  if (vistos.has(icc)) {
    errores.set(idx('ICC'), M.lineaDuplicadaArchivo);
    return { leida, estado: 'duplicado', errores };
  }
  vistos.add(icc);
  const texto = (h: Columna) => v(h) || null;
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
}
