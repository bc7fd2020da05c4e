import { API_MASIVAS, type HoraLocal, horaLocalEn, ventanaPorDefecto } from '@recargas/contracts/masivas';
import { M, texto } from '@recargas/contracts/mensajes';
import { API_SUBIDAS } from '@recargas/contracts/subidas';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campoFecha, escribir, peticionesA, tras } from './fechas.ts';
import { llamar } from './listas-datos.ts';
import { abrirNavegador, iniciarSesion } from './navegador.ts';
import { sitio } from './sitio.ts';
import { paginaDe, TAMANOS, type Tamano } from './telefono.ts';

/**
 * Issue 41, item 2: money in bulk goes out only once asked. 'Recargar bloque', scheduling and
 * cancelling a programme each name the count and the amount first, and nothing is sent before
 * the answer; the schedule opens on the next 20:20 to come on the company's clock (also after
 * 20:20) and takes no start in the past. At 1280×800 and on a 390×844 touch phone, each on a
 * block of its own (tonodigital sends, vcell schedules; the block is left free to schedule).
 */
const { base } = sitio();
const FOTOS = '/tmp/shots-41';
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

/** A block of three lines (action 4) whose ICCs no other test uses, newest of its company. */
async function subirBloque(pagina: Page, prefijo: string, montos: number[]) {
  const r = await llamar(pagina, API_SUBIDAS.subir, {
    campos: { accion: '4' },
    xlsx: [
      ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
      ...montos.map((m, i) => [
        `${prefijo}${String(i).padStart(19 - prefijo.length, '0')}`,
        '',
        'T',
        m,
        '',
        '',
        '',
      ]),
    ],
  });
  expect(r.cuerpo.correctos, JSON.stringify(r.cuerpo).slice(0, 300)).toBe(montos.length);
}

/** The newest block as the server counts it. */
const bloque = async (pagina: Page) =>
  (await llamar(pagina, API_MASIVAS.bloques, { metodo: 'GET' })).cuerpo.bloques[0];

/** A tap on the phone, a click on the desk. */
const pulsar = (t: Tamano, l: Locator) => (t.tactil ? l.tap() : l.click());

const dosCifras = (n: number) => String(n).padStart(2, '0');
const comoCampo = (h: HoraLocal) =>
  `${h.anio}/${dosCifras(h.mes)}/${dosCifras(h.dia)} ${dosCifras(h.hora)}:${dosCifras(h.min)}`;

describe.each(TAMANOS)('bulk top-ups ask first on the $nombre ($ancho px)', (t) => {
  it("'Recargar bloque' names 3 top-ups for $180; Volver sends nothing, the answer sends once", async () => {
    const { pagina, errores } = await paginaDe(navegador, t);
    await iniciarSesion(pagina, base, 'tonodigital', 'admin');
    await subirBloque(pagina, `895234${t.ancho}`, [30, 50, 100]);
    const envios = peticionesA(pagina, API_MASIVAS.recargarBloque);
    await pagina.goto(`${base}/in/recargasMasivas`);
    const fila = pagina.getByTestId('tabla-bloques').locator('[data-index="0"]');
    await pulsar(t, fila.getByRole('button', { name: M.recargarBloque }));
    const dialogo = pagina.getByRole('dialog', { name: M.recargarBloque });
    await expect(dialogo.getByTestId('confirmar-mensaje').textContent()).resolves.toBe(
      texto('confirmarEnvioMasivo', { n: 3, monto: '$180' }),
    );
    await pagina.screenshot({ path: `${FOTOS}/confirmar-envio-${t.ancho}.png` });
    await pulsar(t, dialogo.getByRole('button', { name: M.volver }));
    await dialogo.waitFor({ state: 'detached' });
    expect(await tras(pagina, envios)).toBe(0);
    // The server agrees: nothing queued, nothing recharged.
    expect(await bloque(pagina)).toMatchObject({ porEnviar: 3, enCurso: 0, recargadas: 0 });

    await pulsar(t, fila.getByRole('button', { name: M.recargarBloque }));
    await pulsar(t, pagina.getByTestId('confirmar-si'));
    await pagina
      .getByText(texto('bloqueEnCola', { n: 3 }))
      .first()
      .waitFor();
    expect(await tras(pagina, envios)).toBe(1);
    expect(errores).toEqual([]);
    await pagina.context().close();
  });

  it('a schedule opens on the next 20:20 after 20:20, refuses a past start, asks to be made and cancelled', async () => {
    const { pagina, errores } = await paginaDe(navegador, t);
    await iniciarSesion(pagina, base, 'vcell', 'admin');
    await subirBloque(pagina, `895235${t.ancho}`, [30, 30, 30]);
    const programas = peticionesA(pagina, API_MASIVAS.programar);
    const cancelaciones = peticionesA(pagina, API_MASIVAS.cancelarProgramacion);
    // The browser's clock at 20:30 of today in Mexico City (UTC-6), where vcell is.
    const hoy = { ...horaLocalEn('America/Mexico_City'), hora: 20, min: 30 };
    await pagina.clock.setFixedTime(new Date(Date.UTC(hoy.anio, hoy.mes - 1, hoy.dia, 26, 30)));
    await pagina.goto(`${base}/in/recargasMasivas`);
    const fila = pagina.getByTestId('tabla-bloques').locator('[data-index="0"]');
    const dialogo = pagina.getByRole('dialog', { name: M.programarRecargas });
    const abrirDialogo = async () => {
      await pulsar(t, fila.getByRole('button', { name: M.programar }));
      await dialogo.waitFor();
    };
    await abrirDialogo();
    // Not today's 20:20, ten minutes gone: tomorrow's.
    const { ini, fin } = ventanaPorDefecto(hoy);
    const campoIni = campoFecha(dialogo, 'ini');
    await expect(campoIni.locator('input').inputValue()).resolves.toBe(comoCampo(ini));
    await expect(campoFecha(dialogo, 'fin').locator('input').inputValue()).resolves.toBe(comoCampo(fin));

    // A start in the past: the rule's message, nothing sent.
    await escribir(campoIni, 'Año', '2020');
    await pulsar(t, dialogo.getByRole('button', { name: M.programar }));
    await dialogo.getByText(M.inicioPasado).waitFor();
    await pagina.screenshot({ path: `${FOTOS}/programar-pasado-${t.ancho}.png` });
    expect(await tras(pagina, programas)).toBe(0);
    await pulsar(t, dialogo.getByRole('button', { name: M.cancelar }));
    await dialogo.waitFor({ state: 'detached' });

    // The default window: asked with its count, amount and times, then made.
    await abrirDialogo();
    await pulsar(t, dialogo.getByRole('button', { name: M.programar }));
    const pregunta = pagina.getByTestId('confirmar-mensaje');
    await expect(pregunta.textContent()).resolves.toBe(
      texto('confirmarProgramacion', { n: 3, monto: '$90', inicio: comoCampo(ini), fin: comoCampo(fin) }),
    );
    await pagina.screenshot({ path: `${FOTOS}/confirmar-programar-${t.ancho}.png` });
    expect(await tras(pagina, programas)).toBe(0);
    await pulsar(t, pagina.getByTestId('confirmar-si'));
    await pagina.getByText(M.recargasProgramadas).first().waitFor();
    expect(programas).toHaveLength(1);

    // Cancelling: asked with what it keeps from going out; Volver cancels nothing.
    const programa = pagina.getByTestId('programas').getByRole('button').first();
    await pulsar(t, programa);
    await expect(pregunta.textContent()).resolves.toBe(texto('confirmarCancelacion', { n: 3, monto: '$90' }));
    await pagina.screenshot({ path: `${FOTOS}/confirmar-cancelar-${t.ancho}.png` });
    await pulsar(t, pagina.getByRole('button', { name: M.volver }));
    await pregunta.waitFor({ state: 'detached' });
    expect(await tras(pagina, cancelaciones)).toBe(0);
    await pulsar(t, programa);
    await pulsar(t, pagina.getByTestId('confirmar-si'));
    await pagina
      .getByText(texto('programacionCancelada', { n: 3 }))
      .first()
      .waitFor();
    expect(cancelaciones).toHaveLength(1);
    expect(errores).toEqual([]);
    await pagina.context().close();
  });
});
