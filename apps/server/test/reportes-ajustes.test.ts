import type { RespuestaGraficas } from '@recargas/contracts/reportes';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { entrar } from './entorno.ts';
import { pedir } from './peticion.ts';
import * as U from './reportes-entorno.ts';

// The company settings of the sales report and the charts: the sales contact the range dialog
// shows, and the charts' default range (graficasMeses).
U.prepararReportes();

const sumaGraficas = async () => {
  const r = await pedir(U.e.app, { token: U.tokens.admin as string }, 'GET', '/graficas');
  expect(r.statusCode, r.body).toBe(200);
  const { lideres } = r.json() as RespuestaGraficas;
  return lideres.flatMap((l) => l.puntos).reduce((s, p) => s + p.monto, 0);
};

const ajustar = (json: string) =>
  sql`update empresas set ajustes = ajustes || ${json}::jsonb where codigo = 'demo'`.execute(U.e.db);

describe('company settings of the reports', () => {
  it("gives each company's sales contact with the session's settings", async () => {
    const demo = (await entrar(U.e.app, 'lider')) as unknown as { ajustes: Record<string, unknown> };
    expect(demo.ajustes.contactoVentas).toEqual({ email: 'ventas@demo.mx', telefono: '55 1234 5678' });
    const gmcel = (await entrar(U.e.app, 'admin', 'gmcel')) as unknown as {
      ajustes: Record<string, unknown>;
    };
    expect(gmcel.ajustes.contactoVentas).toEqual({ email: 'ventas@gmcel.mx', telefono: '55 1234 5678' });
  });

  it('defaults a company without the settings to no contact and 12 months of charts', async () => {
    await sql`update empresas set ajustes = ajustes - 'contactoVentas' - 'graficasMeses' where codigo = 'demo'`.execute(
      U.e.db,
    );
    const s = (await entrar(U.e.app, 'admin')) as unknown as { ajustes: Record<string, unknown> };
    expect(s.ajustes).toMatchObject({ contactoVentas: null, graficasMeses: 12 });
  });

  it('opens the charts on graficasMeses months back when no dates are sent', async () => {
    await U.sinRecargas();
    await U.recarga('demo', 40, { usuario: 'lider', monto: 100 });
    await U.recarga('demo', 300, { usuario: 'lider', monto: 50 });
    await U.recarga('demo', 400, { usuario: 'lider', monto: 7 });
    expect(await sumaGraficas()).toBe(150);
    await ajustar('{"graficasMeses": 2}');
    expect(await sumaGraficas()).toBe(100);
    await ajustar('{"graficasMeses": 24}');
    expect(await sumaGraficas()).toBe(157);
    await ajustar('{"graficasMeses": 12}');
  });
});
