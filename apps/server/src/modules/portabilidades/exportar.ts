import { etiquetaCarrier } from '@recargas/contracts/carriers';
import { fechaHora } from '@recargas/contracts/fechas';
import { M } from '@recargas/contracts/mensajes';
import { NIVEL } from '@recargas/contracts/niveles';
import {
  CLAVES_INVENTARIO,
  CLAVES_PORTA,
  COLUMNAS_INVENTARIO,
  COLUMNAS_PORTA,
  type FiltrosPortas,
  type PeticionInventario,
  type PortOut,
} from '@recargas/contracts/portabilidades';
import type { Ctx } from '../../contexto.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { ErrorApi } from '../../lib/errores.ts';
import type { Sesion } from '../auth/service.ts';
import * as repo from './repo.ts';
import { aPortOut, inventario, rangoPorDefecto, zonaDe } from './service.ts';

/** Who exports (the exports module's user): the session's fields that matter here. */
interface Exportador {
  empresaId: number;
  usuarioId: number;
  nivel: number;
  liderId: number | null;
  permisos: readonly string[];
}

/**
 * Excel PORTAS: the screen's columns and texts over the range, in pages of 1000 by keyset.
 * Only for whoever may open the screen. The /excel request carries the range; its chip filters
 * are the line inventory's, so the screen's chips do not travel yet.
 */
export async function paraExportarPortas(
  ctx: Ctx,
  u: Exportador,
  fechas: { fechaInicial?: string | undefined; fechaFinal?: string | undefined },
  filtros: FiltrosPortas = {},
) {
  if (u.nivel > NIVEL.admin || !u.permisos.includes('PORTABILIDADES')) throw new ErrorApi(403, M.sinPermiso);
  const zona = await zonaDe(ctx, u.empresaId);
  const porDefecto = rangoPorDefecto(zona);
  const desde = fechas.fechaInicial ?? porDefecto.desde;
  const hasta = fechas.fechaFinal ?? (desde > porDefecto.hasta ? desde : porDefecto.hasta);
  if (desde > hasta) throw new ErrorApi(400, M.rangoFechasInvalido);
  const rango = { desde, hasta, zona };
  // As the screen writes them: yyyy/mm/dd HH:mm on the company's clock.
  const fecha = (iso: string | null) => fechaHora(iso, zona, false);
  const carrier = (c: string | null) => (c ? etiquetaCarrier(c) : null);
  const na = (v: string | number | null) => (v === null ? M.na : String(v));
  const texto = (f: PortOut): string[] => [
    f.icc,
    f.leaderName ?? '',
    f.clientName ?? '',
    na(f.inter),
    fecha(f.insertedDate),
    f.username ?? '',
    na(f.rechargeAmount),
    na(f.nip),
    na(carrier(f.originCarrier)),
    na(f.originDn),
    carrier(f.destinationCarrier) ?? '',
    f.destinationDn ?? '',
    fecha(f.portDate),
    fecha(f.rechargeDate),
    f.isPort === 1 ? M.si : M.no,
  ];
  return {
    titulos: CLAVES_PORTA.map((c) => COLUMNAS_PORTA[c]),
    async *filas() {
      let cursor: Cursor | undefined;
      for (;;) {
        const lote = await repo.pagina(ctx.db, u.empresaId, rango, filtros, cursor, 1000);
        if (lote.length === 0) return;
        yield lote.map((f) => texto(aPortOut(f)));
        const ultima = lote.at(-1) as repo.PortaVista;
        cursor = { k: ultima.k, id: ultima.id };
        if (lote.length < 1000) return;
      }
    },
  };
}

/**
 * Excel InventoryDays: the inventory of the range as the screen shows it, by leader for an
 * administrator and by client for a leader (the /excel request carries no leaderName or monto).
 */
export async function paraExportarInventario(
  ctx: Ctx,
  u: Exportador,
  fechas: { fechaInicial?: string | undefined; fechaFinal?: string | undefined },
) {
  if (u.nivel > NIVEL.lider || !u.permisos.includes('INVENTARIO')) throw new ErrorApi(403, M.sinPermiso);
  const partes = (d: string | undefined, lado: 'initial' | 'final') => {
    if (!d) return {};
    const [a, m, dia] = d.split('-').map(Number);
    return { [`${lado}Day`]: dia, [`${lado}Month`]: m, [`${lado}Year`]: a };
  };
  const r = await inventario(
    ctx,
    { ...u, liderId: u.liderId } as Sesion,
    {
      ...partes(fechas.fechaInicial, 'initial'),
      ...partes(fechas.fechaFinal, 'final'),
      filtros: {},
    } as PeticionInventario,
  );
  return {
    titulos: [M.colNumero, ...CLAVES_INVENTARIO.map((c) => COLUMNAS_INVENTARIO[c])],
    async *filas() {
      yield r.inventario.map((f) => [String(f.numero), ...CLAVES_INVENTARIO.map((c) => f[c])]);
    },
  };
}
