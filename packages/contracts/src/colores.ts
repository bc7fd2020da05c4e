/**
 * Readable text on and in the company's colours (issue 41, WCAG 2 AA): the theme derives the text
 * written on a colour, and the colour a text takes on the page, from these; the browser's theme
 * and the server's checks use the same arithmetic.
 */

/** Text must keep 4.5:1 against what it is written on (WCAG AA, normal text). */
export const CONTRASTE_MINIMO = 4.5;

export const BLANCO = '#ffffff';
/** Near-black text on light colours: softer than pure black, 18:1 on white. */
export const CASI_NEGRO = '#1a1a1a';
const NEGRO = '#000000';

const canales = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** WCAG relative luminance of '#rrggbb', 0 (black) to 1 (white). */
export function luminancia(hex: string): number {
  const [r, g, b] = canales(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two '#rrggbb' colours, 1 to 21. */
export function contraste(a: string, b: string): number {
  const [claro, oscuro] = [luminancia(a), luminancia(b)].sort((x, y) => y - x) as [number, number];
  return (claro + 0.05) / (oscuro + 0.05);
}

/**
 * The text colour written on `fondo` (a button, the app bar): white while it keeps 4.5:1, else
 * near-black, else black (every colour keeps 4.5:1 with white or with black).
 */
export function textoSobre(fondo: string): string {
  for (const t of [BLANCO, CASI_NEGRO]) if (contraste(t, fondo) >= CONTRASTE_MINIMO) return t;
  return contraste(NEGRO, fondo) >= contraste(BLANCO, fondo) ? NEGRO : BLANCO;
}

const hex = (v: number) =>
  Math.round(Math.min(255, Math.max(0, v)))
    .toString(16)
    .padStart(2, '0');

/**
 * `color` as a text on `fondo` (links, headings, text buttons): itself when it keeps 4.5:1, else
 * mixed towards black (or white on a dark `fondo`) in small steps until it does, so it stays the
 * company's hue.
 */
export function colorLegibleSobre(color: string, fondo: string): string {
  if (contraste(color, fondo) >= CONTRASTE_MINIMO) return color.toLowerCase();
  const destino = luminancia(fondo) > 0.18 ? 0 : 255;
  const c = canales(color);
  for (let paso = 1; paso <= 20; paso++) {
    const k = paso / 20;
    const mezcla = `#${c.map((v) => hex(v + (destino - v) * k)).join('')}`;
    if (contraste(mezcla, fondo) >= CONTRASTE_MINIMO) return mezcla;
  }
  return destino === 0 ? NEGRO : BLANCO;
}
