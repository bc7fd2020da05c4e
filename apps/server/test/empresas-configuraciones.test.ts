import { LOGO_MAX_KB } from '@recargas/contracts/empresas';
import { M, texto } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as empresas from '../src/modules/empresas/service.ts';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';
import { formulario } from './xlsx-prueba.ts';

let e: Entorno;
type S = Awaited<ReturnType<typeof entrar>>;
let admin: S;
let root: S;
let otra: S;
beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  root = await entrar(e.app, 'root');
  otra = await entrar(e.app, 'admin', 'gmcel');
});
afterAll(() => e.cerrar());

const RUTA = '/api/configuraciones';
const cambiar = (s: S, cuerpo: object) => pedir(e.app, s, 'PATCH', RUTA, cuerpo);
const subirLogo = (s: S, datos: Buffer, extra: { nombre?: string; tipo?: string; campo?: string } = {}) => {
  const f = formulario({}, { nombre: 'logo.png', tipo: 'image/png', campo: 'logo', ...extra, datos });
  return pedir(e.app, s, 'POST', `${RUTA}/logo`, f.payload, { cabeceras: f.headers });
};
const auditoria = async (s: S, qs = '') => (await pedir(e.app, s, 'GET', `${RUTA}/auditoria${qs}`)).json();
const tema = async (codigo = 'demo') => (await pedir(e.app, null, 'GET', `/getEmpresa/${codigo}`)).json();

/** The company rows and the audit table as they are: a refused call must leave both alone. */
const estado = async () => ({
  empresas: await e.db.selectFrom('empresas').selectAll().orderBy('id').execute(),
  logos: await e.db.selectFrom('empresa_logos').select(['empresa_id', 'tipo']).execute(),
  auditoria: await e.db.selectFrom('auditoria').selectAll().orderBy('id').execute(),
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('settings of the company (configuraciones)', () => {
  it("GET gives the company's colours, logo and features", async () => {
    const r = await pedir(e.app, admin, 'GET', RUTA);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      primaryColor: '#408080',
      darkenColor: '#2d5a5a',
      accentColor: '#408080',
      backgroundColor: '#ffffff',
      fontColor: '#000000',
      image: null,
      recargaSinUsuario: true,
      enviarMonto: true,
      ocultarMontoNoAdmin: false,
      columnaExtraMasivas: false,
      reporteReducido: false,
    });
  });

  it('PATCH saves what changed, audits each change with who, old and new value, and keeps the other ajustes', async () => {
    const r = await cambiar(admin, {
      primaryColor: '#1A2B3C',
      accentColor: '#408080', // unchanged: no audit row
      reporteReducido: true,
      recargaSinUsuario: false,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      mensaje: M.configuracionRealizada,
      primaryColor: '#1a2b3c',
      reporteReducido: true,
      recargaSinUsuario: false,
    });
    expect(await tema()).toMatchObject({ primaryColor: '#1a2b3c', recargaSinUsuario: false });
    const a = await auditoria(admin);
    expect(a.total).toBe(3);
    expect(a.cambios.map((c: object) => ({ ...c, id: 0, fecha: '' }))).toEqual(
      expect.arrayContaining([
        { id: 0, fecha: '', usuario: 'admin', ajuste: 'primaryColor', anterior: '#408080', nuevo: '#1a2b3c' },
        { id: 0, fecha: '', usuario: 'admin', ajuste: 'reporteReducido', anterior: false, nuevo: true },
        { id: 0, fecha: '', usuario: 'admin', ajuste: 'recargaSinUsuario', anterior: true, nuevo: false },
      ]),
    );
    expect(Date.now() - Date.parse(a.cambios[0].fecha)).toBeLessThan(60_000);
    // The sales report follows the new flag; the seeded ajustes of demo are still there.
    const fila = await e.db
      .selectFrom('empresas')
      .select('ajustes')
      .where('codigo', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(fila.ajustes).toMatchObject({ reciclaje: true, activaciones: true, reporteReducido: true });
    const ventas = (await pedir(e.app, admin, 'GET', '/reportesNew')).json();
    expect(ventas.titulos.map((t: { llave: string }) => t.llave)).not.toContain('nombreOrigen');
    // Root is an administrator too; the audit names who made each change.
    expect((await cambiar(root, { reporteReducido: false })).statusCode).toBe(200);
    expect((await auditoria(admin)).cambios[0]).toMatchObject({ usuario: 'root', ajuste: 'reporteReducido' });
  });

  it('bad colours, unknown settings, nothing to change and unreadable text are refused with nothing written', async () => {
    const antes = await estado();
    for (const primaryColor of ['#12345', 'red', '#GGGGGG', '#1234567', 123, null, '']) {
      const r = await cambiar(admin, { primaryColor });
      expect(r.statusCode, String(primaryColor)).toBe(400);
      expect(r.json().mensaje).toBe(M.colorInvalido);
    }
    // A valid colour beside a bad one: the whole request is refused.
    expect((await cambiar(admin, { accentColor: '#000000', fontColor: 'negro' })).json().mensaje).toBe(
      M.colorInvalido,
    );
    for (const cuerpo of [
      { programacion: true },
      { empresa: 'gmcel', primaryColor: '#000000' },
      { enviarMonto: 'sí' },
    ]) {
      const r = await cambiar(admin, cuerpo);
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(r.json().mensaje).toMatch(/^(Los datos enviados no son válidos|El valor elegido no es una)/);
    }
    for (const cuerpo of [{}, { primaryColor: '#1A2B3C', enviarMonto: true }]) {
      const r = await cambiar(admin, cuerpo);
      expect(r.statusCode).toBe(400);
      expect(r.json().mensaje).toBe(M.ningunCambio);
    }
    for (const cuerpo of [
      { fontColor: '#ffffff' },
      { backgroundColor: '#000000' },
      { fontColor: '#777777' },
    ]) {
      const r = await cambiar(admin, { ...cuerpo, primaryColor: '#000000' });
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(r.json().mensaje).toBe(M.contrasteInsuficiente);
    }
    expect(await estado()).toEqual(antes);
    // Both at once into a readable dark theme is fine.
    expect((await cambiar(admin, { fontColor: '#ffffff', backgroundColor: '#121212' })).statusCode).toBe(200);
    expect((await cambiar(admin, { fontColor: '#000000', backgroundColor: '#ffffff' })).statusCode).toBe(200);
  });

  it('a failed audit write leaves the setting as it was (one transaction)', async () => {
    const demo = await empresas.buscar(e.db, 'demo');
    const antes = await estado();
    // No user 999999: the audit row breaks its foreign key after the company row was updated.
    await expect(
      empresas.cambiar(e.db, { empresaId: demo.id, usuarioId: 999_999 }, { primaryColor: '#010101' }),
    ).rejects.toThrow();
    expect(await estado()).toEqual(antes);
  });

  it('two administrators saving at once are audited in turn, each from the value the other left', async () => {
    const [a, b] = await Promise.all([
      cambiar(admin, { darkenColor: '#111111' }),
      cambiar(root, { darkenColor: '#222222' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [ultimo, penultimo] = (await auditoria(admin)).cambios;
    expect(ultimo.ajuste).toBe('darkenColor');
    expect(ultimo.anterior).toBe(penultimo.nuevo);
    expect(penultimo.anterior).toBe('#2d5a5a');
    expect((await tema()).darkenColor).toBe(ultimo.nuevo);
  });

  it('a logo upload is stored, served at the URL the theme gives, and audited', async () => {
    const r = await subirLogo(admin, PNG);
    expect(r.statusCode).toBe(200);
    const image = r.json().image as string;
    expect(image).toMatch(/^\/getEmpresa\/demo\/logo\?v=[\w-]{16}$/);
    expect((await tema()).image).toBe(image);
    const servido = await pedir(e.app, null, 'GET', image);
    expect(servido.statusCode).toBe(200);
    expect(servido.headers['content-type']).toBe('image/png');
    expect(servido.rawPayload.equals(PNG)).toBe(true);
    // The login page guesses the company from the host: the same logo.
    const porHost = await pedir(e.app, null, 'GET', '/getEmpresa/login/logo', undefined, {
      cabeceras: { host: 'localhost:3000' },
    });
    expect(porHost.rawPayload.equals(PNG)).toBe(true);
    expect((await auditoria(admin)).cambios[0]).toMatchObject({
      usuario: 'admin',
      ajuste: 'image',
      anterior: null,
      nuevo: image,
    });
    // The same image again changes nothing.
    expect((await subirLogo(admin, PNG)).json().mensaje).toBe(M.ningunCambio);
    // A company without a logo: 404, with the message.
    const sin = await pedir(e.app, null, 'GET', '/getEmpresa/gmcel/logo');
    expect(sin.statusCode).toBe(404);
    expect(sin.json().mensaje).toBe(M.noEncontrado);
  });

  it('a non-image, an SVG, a huge image, no file or another field are refused with nothing written', async () => {
    const antes = await estado();
    const casos: [string, () => ReturnType<typeof subirLogo>, number, string][] = [
      ['text named .png', () => subirLogo(admin, Buffer.from('no soy una imagen')), 415, M.logoTipoInvalido],
      [
        'svg',
        () =>
          subirLogo(
            admin,
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            {
              nombre: 'logo.svg',
              tipo: 'image/svg+xml',
            },
          ),
        415,
        M.logoTipoInvalido,
      ],
      ['empty file', () => subirLogo(admin, Buffer.alloc(0)), 415, M.logoTipoInvalido],
      [
        'one byte over the limit',
        () => subirLogo(admin, Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_KB * 1024 + 1 - PNG.length)])),
        413,
        texto('logoDemasiadoGrande', { kb: LOGO_MAX_KB }),
      ],
      ['another field', () => subirLogo(admin, PNG, { campo: 'archivo' }), 400, M.logoRequerido],
      [
        'a JSON body',
        () => pedir(e.app, admin, 'POST', `${RUTA}/logo`, { logo: PNG.toString('base64') }),
        400,
        M.logoRequerido,
      ],
    ];
    for (const [caso, llamar, status, mensaje] of casos) {
      const r = await llamar();
      expect({ caso, status: r.statusCode, mensaje: r.json().mensaje }).toEqual({ caso, status, mensaje });
    }
    expect(await estado()).toEqual(antes);
  });

  it('levels 2 and 3 are refused every settings route and change nothing', async () => {
    const antes = await estado();
    for (const u of ['lider', 'cliente']) {
      const s = await entrar(e.app, u);
      for (const r of [
        await pedir(e.app, s, 'GET', RUTA),
        await cambiar(s, { primaryColor: '#000000' }),
        await subirLogo(s, PNG),
        await pedir(e.app, s, 'GET', `${RUTA}/auditoria`),
      ]) {
        expect(r.statusCode, u).toBe(403);
        expect(r.json().mensaje).toBe(M.sinPermiso);
      }
    }
    expect(await estado()).toEqual(antes);
  });

  it("another company's administrator reads and changes only their own company", async () => {
    const demoAntes = await tema('demo');
    const auditoriaDemo = await auditoria(admin);
    expect((await pedir(e.app, otra, 'GET', RUTA)).json()).toMatchObject({
      primaryColor: '#c62828',
      image: null,
    });
    expect(await auditoria(otra)).toEqual({ cambios: [], total: 0, siguiente: null });
    expect((await cambiar(otra, { primaryColor: '#0000ff' })).statusCode).toBe(200);
    expect((await subirLogo(otra, PNG)).json().image).toMatch(/^\/getEmpresa\/gmcel\/logo/);
    expect((await tema('gmcel')).primaryColor).toBe('#0000ff');
    expect(await tema('demo')).toEqual(demoAntes);
    expect(await auditoria(admin)).toEqual(auditoriaDemo);
    expect((await auditoria(otra)).cambios.map((c: { ajuste: string }) => c.ajuste)).toEqual([
      'image',
      'primaryColor',
    ]);
  });

  it('the audit history pages newest first with the keyset cursor', async () => {
    for (let i = 0; i < 22; i++) {
      const r = await cambiar(admin, { accentColor: `#0000${(i + 16).toString(16).padStart(2, '0')}` });
      expect(r.statusCode).toBe(200);
    }
    const primera = await auditoria(admin);
    expect(primera.cambios).toHaveLength(20);
    expect(primera.cambios[0]).toMatchObject({ ajuste: 'accentColor', nuevo: '#000025' });
    const total = primera.total as number;
    const vistos = [...primera.cambios];
    let siguiente = primera.siguiente as string | null;
    while (siguiente) {
      const p = await auditoria(admin, `?after=${siguiente}`);
      expect(p.total).toBeNull();
      vistos.push(...p.cambios);
      siguiente = p.siguiente;
    }
    expect(vistos).toHaveLength(total);
    const ids = vistos.map((c) => c.id);
    expect(new Set(ids).size).toBe(total);
    const fechas = vistos.map((c) => Date.parse(c.fecha));
    expect(fechas).toEqual([...fechas].sort((x, y) => y - x));
    expect((await auditoria(admin, '?limit=5')).cambios).toHaveLength(5);
    for (const [qs, mensaje] of [
      ['?after=basura', M.cursorInvalido],
      ['?limit=0', undefined],
      ['?limit=101', undefined],
    ] as const) {
      const r = await pedir(e.app, admin, 'GET', `${RUTA}/auditoria${qs}`);
      expect(r.statusCode, qs).toBe(400);
      if (mensaje) expect(r.json().mensaje).toBe(mensaje);
    }
  });
});
