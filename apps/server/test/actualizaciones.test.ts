import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

describe('release notes', () => {
  it('lists the five notes of the spec, newest first, the newest marked Nuevo', async () => {
    const s = await entrar(e.app, 'cliente');
    const r = await pedir(e.app, s, 'GET', '/api/actualizaciones');
    expect(r.statusCode).toBe(200);
    const { actualizaciones, nuevo } = r.json();
    expect(nuevo).toBe(true);
    expect(actualizaciones.map((a: { date: string }) => a.date)).toEqual([
      '2025/01/07',
      '2024/01/24',
      '2023/11/02',
      '2023/10/18',
      '2023/01/25',
    ]);
    expect(actualizaciones.map((a: { nuevo: boolean }) => a.nuevo)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    const temas = actualizaciones.map((a: { title: string }) => a.title).join(' | ');
    for (const t of [
      'Bait',
      'Virgin',
      '93 días',
      'columnas',
      'administradores',
      'archivo',
      'Reciclado masivo',
      'montos',
    ]) {
      expect(temas.toLowerCase()).toContain(t.toLowerCase());
    }
  });

  it('the detail has title, date, descriptions and sections with images under /notas/<id>/; the newest stays Nuevo once opened', async () => {
    const admin = await entrar(e.app, 'admin');
    const r = await pedir(e.app, admin, 'GET', '/api/actualizaciones/5');
    expect(r.statusCode).toBe(200);
    const nota = r.json();
    expect(nota).toMatchObject({ id: 5, date: '2025/01/07', tittle: expect.stringContaining('Bait') });
    expect(nota.descriptions.length).toBeGreaterThan(0);
    expect(nota.sections[0].children[0].image).toBe('/notas/5/carriers.svg');
    // As the seed shows it: the newest note keeps its 'Nuevo' after it was read.
    const despues = (await pedir(e.app, admin, 'GET', '/api/actualizaciones')).json();
    expect(despues.nuevo).toBe(true);
    expect(despues.actualizaciones[0]).toMatchObject({ id: 5, nuevo: true });
    expect(despues.actualizaciones.filter((a: { nuevo: boolean }) => a.nuevo)).toHaveLength(1);
  });

  it('unknown or malformed ids and anonymous callers are refused in Spanish', async () => {
    const s = await entrar(e.app, 'cliente');
    const nada = await pedir(e.app, s, 'GET', '/api/actualizaciones/999');
    expect(nada.statusCode).toBe(404);
    expect(nada.json().mensaje).toBe(M.noEncontrado);
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const r = await pedir(e.app, s, 'GET', `/api/actualizaciones/${id}`);
      expect(r.statusCode, id).toBe(400);
      expect(typeof r.json().mensaje).toBe('string');
    }
    expect((await pedir(e.app, null, 'GET', '/api/actualizaciones')).statusCode).toBe(401);
  });
});
