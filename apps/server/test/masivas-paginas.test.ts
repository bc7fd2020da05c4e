import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { e, prepararDemo } from './demo-entorno.ts';
import { entrar, idEmpresa, type Sesion } from './entorno.ts';
import { bloqueDePrueba } from './masivas-prueba.ts';
import { pedir } from './peticion.ts';

/** The block list in keyset pages (issue 18): newest first, to its last block, one company's. */
prepararDemo();

const BLOQUES = 45;
const bloques = (s: Sesion, consulta = '') => pedir(e.app, s, 'GET', `/api/bloqueRecargasMasivas${consulta}`);

describe('GET /api/bloqueRecargasMasivas in pages', () => {
  it('walks every block of the company once, newest first, 20 a page, the count on the first', async () => {
    const hechos: number[] = [];
    for (let i = 0; i < BLOQUES; i++) {
      const { bloque } = await bloqueDePrueba(e, 'tgmex', 1 + (i % 3), {
        prefijo: String(8_952_100 + i),
        dn: '55',
        monto: 30,
        compania: 'T',
        nombre: () => `Bloque ${i}`,
      });
      hechos.push(bloque.fechaNumerica);
    }
    const s = await entrar(e.app, 'admin', 'tgmex');
    const vistos: number[] = [];
    const tamanos: number[] = [];
    let after = '';
    for (let vuelta = 0; vuelta < 10; vuelta++) {
      const r = await bloques(s, after ? `?after=${after}` : '');
      expect(r.statusCode, r.body).toBe(200);
      const p = r.json();
      expect(p.total).toBe(after ? null : BLOQUES);
      vistos.push(...p.bloques.map((b: { fechaNumerica: number }) => b.fechaNumerica));
      tamanos.push(p.bloques.length);
      if (!p.siguiente) break;
      after = p.siguiente;
    }
    expect(tamanos).toEqual([20, 20, 5]);
    expect(vistos).toEqual([...hechos].sort((a, b) => b - a));
    // Each block's counts are its own, not the page's.
    const primera = (await bloques(s, '?limit=3')).json();
    expect(primera.bloques.map((b: { lineas: number }) => b.lineas)).toEqual([
      1 + ((BLOQUES - 1) % 3),
      1 + ((BLOQUES - 2) % 3),
      1 + ((BLOQUES - 3) % 3),
    ]);
    expect(primera.siguiente).not.toBeNull();
  });

  it("counts and lists only the caller's company's blocks", async () => {
    const demo = (await bloques(await entrar(e.app, 'admin'), '?limit=100')).json();
    const propios = await e.db
      .selectFrom('bloques')
      .select('fecha_numerica')
      .where('empresa_id', '=', await idEmpresa(e, 'demo'))
      .orderBy('fecha_numerica', 'desc')
      .execute();
    expect(demo.total).toBe(propios.length);
    expect(demo.bloques.map((b: { fechaNumerica: number }) => b.fechaNumerica)).toEqual(
      propios.map((b) => Number(b.fecha_numerica)),
    );
  });

  it('refuses a cursor that is not one of ours and a page over 100', async () => {
    const s = await entrar(e.app, 'admin');
    const r = await bloques(s, '?after=xyz');
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.cursorInvalido);
    expect((await bloques(s, '?limit=101')).statusCode).toBe(400);
  });
});
