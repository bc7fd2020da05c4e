import { relojEn } from '@recargas/contracts/fechas';
import type { VentanaProgramada } from '@recargas/contracts/masivas';
import { type SqlBool, sql } from 'kysely';
import type { Ctx } from '../src/contexto.ts';
import * as masivas from '../src/modules/masivas/service.ts';

/** A block's window as the scheduling modal sends it: its ends on Mexico City's clock. */
export function ventana(identificador: number, desde: Date, hasta: Date): VentanaProgramada {
  const parte = (d: Date) => {
    const r = relojEn(d);
    if (!r) throw new Error('fecha inválida');
    return { dia: +r.dia, mes: +r.mes, anio: +r.anio, hora: +r.hora, min: +r.min };
  };
  const [i, f] = [parte(desde), parte(hasta)];
  return {
    identificador,
    ...{ diaIni: i.dia, mesIni: i.mes, anioIni: i.anio, horaIni: i.hora, minIni: i.min },
    ...{ diaFin: f.dia, mesFin: f.mes, anioFin: f.anio, horaFin: f.hora, minFin: f.min },
  };
}

/**
 * A block of `lineas` lines of vcell (numbers `<prefijo>00000000`…), scheduled by its admin in a
 * window that starts now and ends at the first minute boundary 45 s or more away: what remains
 * of it (45 to 105 s) is spread over the lines. Answers when the window ends and the lines with
 * the top-up of each line's attempt (masivas-reinicio.faults.ts, test:failover).
 */
export async function bloqueProgramado(ctx: Pick<Ctx, 'db' | 'boss'>, lineas: number, prefijo = '58') {
  const { db } = ctx;
  const admin = await db
    .selectFrom('usuarios as u')
    .innerJoin('empresas as e', 'e.id', 'u.empresa_id')
    .select(['u.id', 'u.empresa_id', 'u.nivel'])
    .where('e.codigo', '=', 'vcell')
    .where('u.username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const bloque = await masivas.crearBloque(
    ctx as Ctx,
    admin.empresa_id,
    admin.id,
    Array.from({ length: lineas }, (_, i) => ({
      icc: `89521${prefijo}${String(i).padStart(12, '0')}`,
      dn: `${prefijo}${String(i).padStart(8, '0')}`,
      monto: 50,
      compania: 'T' as const,
      nombre: `Programada ${i}`,
    })),
  );
  const fin = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
  await masivas.programar(
    ctx as Ctx,
    { empresaId: admin.empresa_id, usuarioId: admin.id, nivel: admin.nivel, permisos: ['RECARGAS_MASIVAS'] },
    ventana(bloque.fechaNumerica, new Date(), fin),
  );
  const filas = () =>
    db
      .selectFrom('bloque_lineas as bl')
      .innerJoin('bloques as b', 'b.id', 'bl.bloque_id')
      // The engine's key of the line's attempt (masivas/repo.ts claveLinea).
      .leftJoin('recargas as r', (j) =>
        j
          .onRef('r.empresa_id', '=', 'bl.empresa_id')
          .on(sql<SqlBool>`r.idempotencia = 'b:' || bl.id || ':' || bl.intento`),
      )
      .select(['bl.id', 'bl.programada_para', 'r.id as recarga', 'r.estado', 'r.enviada', 'r.monto'])
      .where('b.fecha_numerica', '=', bloque.fechaNumerica)
      .where('bl.empresa_id', '=', admin.empresa_id)
      .execute();
  return { fin, filas };
}
