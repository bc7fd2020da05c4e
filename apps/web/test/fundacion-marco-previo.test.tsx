import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarcoPrevio } from '../src/app/MarcoPrevio.tsx';
import { claveEmpresa, consultaEmpresa, leerMarco } from '../src/lib/empresaPublica.ts';
import { borrarSesion } from '../src/lib/sesionGuardada.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const DEMO = {
  nombre: 'Recargas Demo',
  alerta: 'Aviso de la empresa',
  primaryColor: '#408080',
  darkenColor: '#2d5959',
  accentColor: '#ff9800',
  backgroundColor: '#ffffff',
  fontColor: '#000000',
} as EmpresaPublica;

const dibujar = (consultas: QueryClient) =>
  render(
    <QueryClientProvider client={consultas}>
      <MarcoPrevio />
    </QueryClientProvider>,
  );

describe('fundacion: /in/* frame while the shell loads (issue 21)', () => {
  it("draws the company's name, colour and notice from the answer the login left cached", () => {
    localStorage.setItem('empresa', 'demo');
    const consultas = new QueryClient();
    consultas.setQueryData(claveEmpresa('demo'), DEMO);
    dibujar(consultas);
    expect(screen.getByText('Aviso de la empresa')).toBeTruthy();
    const barra = screen.getByText('Recargas Demo');
    expect(barra.tagName).toBe('HEADER');
    expect(barra.closest<HTMLElement>('.marco-previo')?.style.getPropertyValue('--primario')).toBe('#408080');
  });

  it("shows the thin loading bar until the company's colours are known", () => {
    localStorage.setItem('empresa', 'demo');
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    dibujar(new QueryClient());
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it("the company's answer leaves a copy that draws the same frame before the next answer", async () => {
    localStorage.setItem('empresa', 'demo');
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(DEMO), { status: 200 }));
    await new QueryClient().fetchQuery(consultaEmpresa('demo'));
    expect(leerMarco('demo')).toMatchObject({
      nombre: 'Recargas Demo',
      primario: '#408080',
      sobrePrimario: '#ffffff',
    });
    expect(leerMarco('vcell')).toBeUndefined();
    // A fresh page: nothing cached, the request still on its way.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    dibujar(new QueryClient());
    expect(screen.getByText('Aviso de la empresa')).toBeTruthy();
    expect(screen.getByText('Recargas Demo').tagName).toBe('HEADER');
    expect(screen.queryByRole('progressbar')).toBeNull();
    borrarSesion();
    expect(leerMarco('demo')).toBeUndefined();
  });

  it('a storage that refuses the copy still gives the company', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(DEMO), { status: 200 }));
    const escribir = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('lleno', 'QuotaExceededError');
    });
    try {
      await expect(new QueryClient().fetchQuery(consultaEmpresa('demo'))).resolves.toMatchObject({
        nombre: 'Recargas Demo',
      });
      expect(escribir).toHaveBeenCalled();
    } finally {
      escribir.mockRestore();
    }
  });
});
