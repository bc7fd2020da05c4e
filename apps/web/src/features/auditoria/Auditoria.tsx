import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import {
  COLUMNAS_AUDITORIA,
  COLUMNAS_CHIP_AUDITORIA,
  type FilaAuditoria,
  RANGO_MAX_AUDITORIA,
  TIPOS_AUDITORIA,
  TITULOS_AUDITORIA,
  type TipoAuditoria,
  valorAuditado,
} from '@recargas/contracts/auditoria';
import { M, texto } from '@recargas/contracts/mensajes';
import { diasEntre } from '@recargas/contracts/reportes';
import { type ReactNode, useState } from 'react';
import { fechaCorta } from '../../lib/fechas.ts';
import type { Filtros } from '../../ui/FiltrosChips.tsx';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import { diaLocal } from '../../ui/RangoFechas.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';
import { useAuditoria } from './api.ts';

/** A value before or after as a person reads it: `clave: valor` per field; the JSON on hover. */
function legible(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'object' || Array.isArray(v)) return valorAuditado(v);
  return Object.entries(v)
    .map(
      ([k, x]) => `${k}: ${typeof x === 'string' ? x : Array.isArray(x) ? x.join(', ') : JSON.stringify(x)}`,
    )
    .join(' · ');
}

const Valor = ({ v }: { v: unknown }) => (
  <span
    title={valorAuditado(v)}
    style={{ display: 'inline-block', minWidth: 140, maxWidth: 260, overflowWrap: 'anywhere' }}
  >
    {legible(v)}
  </span>
);

const CELDAS: Partial<Record<(typeof COLUMNAS_AUDITORIA)[number], (f: FilaAuditoria) => ReactNode>> = {
  fecha: (f) => fechaCorta(f.fecha),
  ip: (f) => f.ip ?? '',
  tipo: (f) => TIPOS_AUDITORIA[f.tipo as TipoAuditoria] ?? f.tipo,
  antes: (f) => <Valor v={f.antes} />,
  despues: (f) => <Valor v={f.despues} />,
};

/** A phone card's first line: when, who and what (issue 41). */
const PRIMERA: Partial<Record<string, number>> = { fecha: 1, usuario: 2, tipo: 3 };

const COLUMNAS: Columna<FilaAuditoria>[] = COLUMNAS_AUDITORIA.map((llave) => ({
  llave,
  valor: TITULOS_AUDITORIA[llave],
  primera: PRIMERA[llave],
  ...(CELDAS[llave] ? { celda: CELDAS[llave] } : {}),
}));

const CHIPS = COLUMNAS_CHIP_AUDITORIA.map((llave) => ({ llave, valor: TITULOS_AUDITORIA[llave] }));

/**
 * /in/auditoria: every change of money or permission of the company (issue 22), newest first,
 * for levels 0 and 1: a range of at most 93 days, chips (user, IP, kind, table, row) and Excel.
 */
export function Auditoria() {
  const [rango, setRango] = useState({ desde: diaLocal(-7), hasta: diaLocal() });
  const [filtros, setFiltros] = useState<Filtros>({});
  const [aviso, setAviso] = useState<string | null>(null);
  const lista = useAuditoria({ desde: rango.desde, hasta: rango.hasta, filtros }, true);
  return (
    <Paper sx={{ p: 2 }}>
      {lista.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {aviso && (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setAviso(null)}>
          {aviso}
        </Alert>
      )}
      <ListaConChips
        titulo={M.auditoria}
        total={
          lista.total === null
            ? null
            : { texto: texto('registros', { n: lista.total }), testId: 'auditoria-total' }
        }
        rango={{
          ...rango,
          alCambiar: (r) => {
            // The server's rule, told before asking: a wider range lists nothing.
            if (diasEntre(r.desde, r.hasta) > RANGO_MAX_AUDITORIA) {
              setAviso(texto('auditoriaRangoMaximo', { dias: RANGO_MAX_AUDITORIA }));
              return;
            }
            setAviso(null);
            setRango(r);
          },
        }}
        chips={{ columnas: CHIPS, valor: filtros, alCambiar: setFiltros }}
        excel={{ tipo: 'AUDITORIA' }}
        lista={lista}
        columnas={COLUMNAS}
        clave={(f) => f.id}
        testId="tabla-rastro"
      />
    </Paper>
  );
}
