import { crc32, deflateSync } from 'node:zlib';
import { API_EMPRESAS, contraste, TAMANOS_ICONO } from '@recargas/contracts/empresas';
import { M } from '@recargas/contracts/mensajes';
import { sha256 } from '../../lib/claves.ts';
import type { Empresa } from './service.ts';

/**
 * The company as an installable app (issue 21): its manifest, made from its own data, and square
 * icons in its primary colour. The app starts at the company's login; the scope is the whole site
 * because after login the screens live under /in/, and `id` keeps each company a separate app.
 */
export function manifiesto(e: Empresa) {
  const version = sha256(`${e.primary_color}${e.background_color}`).slice(0, 8);
  const icono = (tam: string, purpose: 'any' | 'maskable') => ({
    src: `${API_EMPRESAS.icono.replace(':name', e.codigo).replace(':tam', tam)}?v=${version}`,
    sizes: `${tam}x${tam}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: `/${e.codigo}`,
    name: e.nombre,
    short_name: e.nombre,
    description: M.portalRecargas,
    lang: 'es-MX',
    start_url: `/${e.codigo}`,
    scope: '/',
    display: 'standalone',
    theme_color: e.primary_color,
    background_color: e.background_color,
    icons: TAMANOS_ICONO.flatMap((t) => [icono(t, 'any'), icono(t, 'maskable')]),
  };
}

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Inside a rectangle with rounded corners (x, y from the centre, in icon widths). */
const dentro = (x: number, y: number, ancho: number, alto: number, radio: number) => {
  const dx = Math.max(Math.abs(x) - (ancho / 2 - radio), 0);
  const dy = Math.max(Math.abs(y) - (alto / 2 - radio), 0);
  return Math.abs(x) <= ancho / 2 && Math.abs(y) <= alto / 2 && dx * dx + dy * dy <= radio * radio;
};

function trozo(tipo: string, datos: Buffer): Buffer {
  const cabeza = Buffer.alloc(8);
  cabeza.writeUInt32BE(datos.length, 0);
  cabeza.write(tipo, 4, 'ascii');
  const cola = Buffer.alloc(4);
  cola.writeUInt32BE(crc32(Buffer.concat([cabeza.subarray(4), datos])), 0);
  return Buffer.concat([cabeza, datos, cola]);
}

/**
 * A PNG of `tam` px: the company's primary colour edge to edge (maskable: any crop keeps it whole)
 * and a phone in the middle, well inside the safe circle of 40 % radius.
 */
export function icono(e: Empresa, tam: number): Buffer {
  const fondo = rgb(e.primary_color);
  // White or black, whichever reads better on the company's colour.
  const blanco = contraste(e.primary_color, '#ffffff') >= contraste(e.primary_color, '#000000');
  const figura: [number, number, number] = blanco ? [255, 255, 255] : [0, 0, 0];
  const filas = Buffer.alloc((tam * 3 + 1) * tam);
  for (let y = 0; y < tam; y++) {
    const fila = y * (tam * 3 + 1);
    for (let x = 0; x < tam; x++) {
      const [px, py] = [(x + 0.5) / tam - 0.5, (y + 0.5) / tam - 0.5];
      // The phone's body, its screen (background colour again) and its button.
      const cuerpo = dentro(px, py, 0.3, 0.5, 0.04);
      const pantalla = dentro(px, py + 0.03, 0.24, 0.36, 0.01);
      const boton = dentro(px, py - 0.205, 0.05, 0.05, 0.025);
      const color = cuerpo && !pantalla && !boton ? figura : fondo;
      color.forEach((c, i) => {
        filas[fila + 1 + x * 3 + i] = c;
      });
    }
  }
  const cabecera = Buffer.alloc(13);
  cabecera.writeUInt32BE(tam, 0);
  cabecera.writeUInt32BE(tam, 4);
  cabecera.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    trozo('IHDR', cabecera),
    trozo('IDAT', deflateSync(filas)),
    trozo('IEND', Buffer.alloc(0)),
  ]);
}
