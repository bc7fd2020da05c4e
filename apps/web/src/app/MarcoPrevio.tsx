import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { MENSAJES_GENERALES as M } from '@recargas/contracts/mensajes/generales';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { claveEmpresa, consultaEmpresa, leerMarco, marcoDe } from '../lib/empresaPublica.ts';
import { Cargando } from './perezosa.tsx';

/**
 * /in/* while the shell's code arrives: its bar, drawer and the company's notice drawn with plain
 * elements and index.html's CSS (no MUI, no emotion: a few hundred bytes in the login's
 * download). A phone paints the notice, the page's largest text, as soon as the company's
 * answer is in, not after the shell's 40 files and its render (issue 21: LCP). The shell then
 * draws the same places. public/marco.js draws this same markup from the stored copy before any
 * module runs; this first render takes it over from that copy, with no gap.
 */
export function MarcoPrevio() {
  const consultas = useQueryClient();
  const codigo = localStorage.getItem('empresa') ?? '';
  const [empresa, setEmpresa] = useState(() => consultas.getQueryData<EmpresaPublica>(claveEmpresa(codigo)));
  useEffect(() => {
    let vigente = true;
    if (codigo)
      consultas.fetchQuery(consultaEmpresa(codigo)).then(
        (e) => vigente && setEmpresa(e),
        // A failed lookup is the shell's to show; here the thin bar stays.
        () => undefined,
      );
    return () => {
      vigente = false;
    };
  }, [consultas, codigo]);
  const marco = useMemo(() => (empresa ? marcoDe(codigo, empresa) : leerMarco(codigo)), [codigo, empresa]);
  // Until the company's colours are known, the thin bar every route shows while it loads.
  if (!marco) return <Cargando />;
  const colores = {
    '--primario': marco.primario,
    '--sobre-primario': marco.sobrePrimario,
    '--fondo': marco.fondo,
    '--texto': marco.texto,
  } as CSSProperties;
  return (
    <div className="marco-previo" style={colores}>
      <header>{marco.nombre}</header>
      <nav />
      <div>
        {marco.alerta && (
          <div className="aviso">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z" />
            </svg>
            <p>{marco.alerta}</p>
          </div>
        )}
        <p>{M.cargando}</p>
      </div>
    </div>
  );
}
