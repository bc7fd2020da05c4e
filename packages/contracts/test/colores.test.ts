import { describe, expect, it } from 'vitest';
import {
  BLANCO,
  CASI_NEGRO,
  CONTRASTE_MINIMO,
  colorLegibleSobre,
  contraste,
  luminancia,
  textoSobre,
} from '../src/colores.ts';

// The demo companies' primary and accent colours (apps/server/src/db/seed/empresas.ts).
const DEMO = [
  '#408080',
  '#1565c0',
  '#ffb300',
  '#c62828',
  '#ffca28',
  '#2e7d32',
  '#ff7043',
  '#6a1b9a',
  '#26c6da',
  '#ef6c00',
  '#5c6bc0',
  '#00838f',
  '#d81b60',
  '#283593',
  '#00bfa5',
  '#ad1457',
  '#7cb342',
];

describe('WCAG arithmetic', () => {
  it('gives the known luminances and ratios', () => {
    expect(luminancia('#ffffff')).toBe(1);
    expect(luminancia('#000000')).toBe(0);
    expect(contraste('#ffffff', '#000000')).toBe(21);
    expect(contraste('#000000', '#ffffff')).toBe(21);
    expect(contraste('#777777', '#777777')).toBe(1);
    // vcell's orange under white text, as the issue measured it.
    expect(contraste('#ef6c00', '#ffffff')).toBeCloseTo(3.1, 1);
    expect(contraste('#ffff00', '#ffffff')).toBeCloseTo(1.07, 2);
  });
});

describe('textoSobre', () => {
  it('writes near-black on yellow, white and the orange, white on black and dark colours', () => {
    expect(textoSobre('#ffff00')).toBe(CASI_NEGRO);
    expect(textoSobre('#ffffff')).toBe(CASI_NEGRO);
    expect(textoSobre('#ef6c00')).toBe(CASI_NEGRO);
    expect(textoSobre('#000000')).toBe(BLANCO);
    expect(textoSobre('#283593')).toBe(BLANCO);
  });

  it('keeps 4.5:1 on every demo colour and on a sweep of greys and hues', () => {
    const barrido = Array.from({ length: 256 }, (_, i) => {
      const h = i.toString(16).padStart(2, '0');
      return [`#${h}${h}${h}`, `#${h}8000`, `#00${h}ff`, `#ff${h}00`];
    }).flat();
    for (const c of [...DEMO, ...barrido]) {
      expect(contraste(textoSobre(c), c), c).toBeGreaterThanOrEqual(CONTRASTE_MINIMO);
    }
  });
});

describe('colorLegibleSobre', () => {
  it('keeps a colour that already reads, lowercased', () => {
    expect(colorLegibleSobre('#283593', '#ffffff')).toBe('#283593');
    expect(colorLegibleSobre('#FFFFFF', '#000000')).toBe('#ffffff');
  });

  it('darkens yellow, white and the demo colours on white to 4.5:1, staying near the hue', () => {
    for (const c of ['#ffff00', '#ffffff', ...DEMO]) {
      const t = colorLegibleSobre(c, '#ffffff');
      expect(contraste(t, '#ffffff'), `${c} -> ${t}`).toBeGreaterThanOrEqual(CONTRASTE_MINIMO);
    }
    const amarillo = colorLegibleSobre('#ffff00', '#ffffff');
    // Still a yellow-brown: red and green alike, no blue.
    expect(amarillo.slice(1, 3)).toBe(amarillo.slice(3, 5));
    expect(amarillo.slice(5)).toBe('00');
  });

  it('lightens a dark colour on a dark background', () => {
    const t = colorLegibleSobre('#283593', '#101010');
    expect(contraste(t, '#101010')).toBeGreaterThanOrEqual(CONTRASTE_MINIMO);
  });
});
