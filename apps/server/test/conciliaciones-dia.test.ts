import { describe, expect, it } from 'vitest';
import { comoCsv, diferenciasDe, estadoDelSimulador, recargasEn, subir } from './conciliaciones-prueba.ts';
import { admin, e, prepararDemo } from './demo-entorno.ts';
import { pedir } from './peticion.ts';

prepararDemo();

// Issue 41: a reconciliation day runs from midnight to midnight of the company's zone (demo:
// Mexico City, UTC-6 in December), not of UTC. 23:30 and 00:30 local are one UTC day apart from
// neither: both fall on 2020-12-08 in UTC.
const TARDE = Date.parse('2020-12-08T05:30:00Z'); // 2020-12-07 23:30 local
const TEMPRANO = Date.parse('2020-12-08T06:30:00Z'); // 2020-12-08 00:30 local

const obtener = (dia: string) =>
  pedir(e.app, admin, 'POST', '/api/conciliaciones/obtener', { plataforma: 1, dia });

describe('the days of a reconciliation', () => {
  it('put a top-up of 23:30 local in its own day and one of 00:30 in the next', async () => {
    const { ids: tarde } = await recargasEn(TARDE, 1);
    const { ids: temprano } = await recargasEn(TEMPRANO, 1);
    for (const [dia, id] of [
      ['2020-12-07', tarde[0]],
      ['2020-12-08', temprano[0]],
    ] as const) {
      const r = await obtener(dia);
      expect(r.statusCode, r.body).toBe(200);
      const monto = (
        await e.db
          .selectFrom('recargas')
          .select('monto')
          .where('id', '=', Number(id))
          .executeTakeFirstOrThrow()
      ).monto;
      // Ours and the provider's statement agree: one top-up each, the same one.
      expect(r.json().dia, dia).toMatchObject({
        dia,
        nuestras: 1,
        suyas: 1,
        totalNuestro: monto,
        totalSuyo: monto,
        faltaNuestra: 0,
        faltaSuya: 0,
      });
      expect(await diferenciasDe(admin, r.json().dia.id)).toEqual([]);
    }
  });

  it("reads an uploaded statement's zone-less times on the company's clock", async () => {
    const dia = '2020-12-07';
    // A row of theirs at 23:40 of that day, written as the provider's spreadsheet writes it.
    const ajena = {
      folio: 'AJ-9',
      id: '',
      dn: '5599990009',
      centavos: 5000,
      estado: 'exitosa' as const,
      hora: '2020-12-07 23:40:00',
    };
    const r = await subir(
      admin,
      { plataforma: '1', dia },
      comoCsv([...(await estadoDelSimulador(dia)), ajena]),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().dia).toMatchObject({ faltaNuestra: 1, faltaSuya: 0 });
    expect(await diferenciasDe(admin, r.json().dia.id)).toEqual([
      expect.objectContaining({ tipo: 'faltaNuestra', folio: 'AJ-9', hora: '2020-12-08T05:40:00.000Z' }),
    ]);
  });
});
