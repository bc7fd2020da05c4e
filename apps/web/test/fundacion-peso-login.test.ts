// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivosDe, archivosDelLogin } from '../compilacion.ts';

/**
 * The JavaScript a phone downloads to show the login (issue 21), counted in bytes of the built
 * files, gzipped: the entry, what it imports statically, and the login route's own chunk with its
 * imports. No timing: a heavy import into the login route (charts, pickers, a screen) fails here.
 *
 * LIMITE is the target, 150 KB (the build weighs 147.8 KB): React with the router, MUI
 * with emotion and React Query's client are most of it. Kept out: notistack (the first toast
 * brings it), React Query's observer, the menu's rules and the catalogue beyond its general part.
 */
const LIMITE = 150 * 1024;

let salida: string;
let archivos: string[];
let delShell: string[];
let manifiesto: Manifest;

beforeAll(async () => {
  salida = mkdtempSync(join(tmpdir(), 'recargas-peso-'));
  // Vitest sets NODE_ENV=test, which would build React's development code: build as npm run build does.
  const entorno = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: join(import.meta.dirname, '..'),
    configFile: join(import.meta.dirname, '../vite.config.ts'),
    logLevel: 'silent',
    mode: 'production',
    build: { outDir: salida, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = entorno;
  });
  manifiesto = JSON.parse(readFileSync(join(salida, '.vite/manifest.json'), 'utf8')) as Manifest;
  archivos = archivosDelLogin(manifiesto).filter((f) => f.endsWith('.js'));
  delShell = JSON.parse(readFileSync(join(salida, '.vite/shell.json'), 'utf8')) as string[];
}, 180_000);
afterAll(() => rmSync(salida, { recursive: true, force: true }));

const gzip = (f: string) => gzipSync(readFileSync(join(salida, f)), { level: 9 }).length;

describe("the login page's JavaScript budget", () => {
  it('counts the entry and the login route, and nothing of the shell, the charts, the pickers, zod or notistack', () => {
    expect(archivos.some((f) => /^assets\/index-/.test(f))).toBe(true);
    expect(archivos.some((f) => /^assets\/Login-/.test(f))).toBe(true);
    const codigo = archivos.map((f) => readFileSync(join(salida, f), 'utf8')).join('\n');
    // Markers of code the login must not carry: the charts, the date pickers, the shell's menu and
    // zod (the contracts' schemas stay with the screens; the login reads paths and session plainly).
    // Nor notistack's provider, which the routes that toast bring with them.
    for (const ajeno of [
      'MuiChartsSurface',
      'MuiPickersCalendarHeader',
      'saltar-contenido',
      '$ZodObject',
      'notistack-SnackbarContainer',
    ]) {
      expect(codigo.includes(ajeno), ajeno).toBe(false);
    }
  });

  it(`stays within ${LIMITE / 1024} KB gzipped`, () => {
    const total = archivos.reduce((s, f) => s + gzip(f), 0);
    console.log(`login: ${archivos.length} archivos JavaScript, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(LIMITE);
  });

  it('preloads no notistack under /in/: it builds its styles when evaluated, so it comes with the first toast', () => {
    const codigo = delShell.map((f) => readFileSync(join(salida, f), 'utf8')).join('\n');
    expect(codigo.includes('notistack-SnackbarContainer')).toBe(false);
  });

  it("preloads none of the carriers' schemas under /in/: the shell reads the contracts' plain rules", () => {
    // A field of carriers.ts's schemas only: building them at import cost a phone's start-up.
    const codigo = delShell.map((f) => readFileSync(join(salida, f), 'utf8')).join('\n');
    expect(codigo.includes('respaldoPlataforma')).toBe(false);
  });

  it("downloads no zod for /in/recargas: the shell, the bar's actions, the form and its panels read plain rules", () => {
    // zod's code and the schemas built when their modules are evaluated were a large part of a
    // phone's blocking time there (issue 21); the screens that validate forms bring it.
    const recargas = archivosDe(manifiesto, [
      'src/app/Shell.tsx',
      'src/app/Pantallas.tsx',
      'src/app/Avisos.tsx',
      'src/features/recargas/Recargas.tsx',
      'src/features/reciclaje/PanelesRecargas.tsx',
      'src/features/notificaciones/Notificaciones.tsx',
      'src/features/notificaciones/EnviarNotificacion.tsx',
      'src/features/auth/CambiarEmpresa.tsx',
    ]).filter((f) => f.endsWith('.js'));
    expect(recargas.some((f) => /^assets\/Recargas-/.test(f))).toBe(true);
    const codigo = recargas.map((f) => readFileSync(join(salida, f), 'utf8')).join('\n');
    expect(codigo.includes('$ZodObject')).toBe(false);
  });
});
