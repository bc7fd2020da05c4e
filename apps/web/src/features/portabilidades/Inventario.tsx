import Breadcrumbs from '@mui/material/Breadcrumbs';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONTO_LINEA_MAX } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import {
  CLAVES_INVENTARIO,
  COLUMNAS_INVENTARIO,
  type FilaInventario,
  type RespuestaInventarioRuta,
} from '@recargas/contracts/portabilidades';
import { useMemo, useState } from 'react';
import { useSesion } from '../../lib/sesion.ts';
import type { Filtros } from '../../ui/FiltrosChips.tsx';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import { diaLocal } from '../../ui/RangoFechas.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';
import { useInventario, useInventarioRuta } from './api.ts';
import { inicioMesAnterior } from './Portabilidades.tsx';

const COLUMNAS_CHIPS = CLAVES_INVENTARIO.map((llave) => ({ llave, valor: COLUMNAS_INVENTARIO[llave] }));

const partes = (dia: string, lado: 'initial' | 'final') => {
  const [a, m, d] = dia.split('-').map(Number);
  return { [`${lado}Day`]: d, [`${lado}Month`]: m, [`${lado}Year`]: a };
};

/** The leader column: a leader with clients opens them by a click (administrators' view). */
function useColumnasInventario(conLideres: boolean | undefined, alElegirLider: (lider: string) => void) {
  return useMemo<Columna<FilaInventario>[]>(
    () => [
      { llave: 'numero', valor: M.colNumero },
      ...CLAVES_INVENTARIO.map((llave) =>
        llave === 'lider'
          ? {
              llave,
              valor: COLUMNAS_INVENTARIO[llave],
              celda: (f: FilaInventario) =>
                conLideres && f.idLider !== null ? (
                  <Link
                    component="button"
                    onClick={() => alElegirLider(f.lider)}
                    data-testid="inventario-lider"
                  >
                    {f.lider}
                  </Link>
                ) : (
                  f.lider
                ),
            }
          : { llave, valor: COLUMNAS_INVENTARIO[llave] },
      ),
    ],
    [conLideres, alElegirLider],
  );
}

/** The step's inventory days beside its crumb (inventoryDaysRoute), once loaded. */
function DiasRuta({ ruta, tipo }: { ruta: RespuestaInventarioRuta['ruta']; tipo: 'empresa' | 'lider' }) {
  const paso = ruta.find((p) => p.tipo === tipo);
  return paso ? (
    <Typography component="span" variant="body2" color="text.secondary" data-testid={`ruta-${tipo}`}>
      {' '}
      ({texto('diasInventarioDe', { dias: paso.inventoryDays })})
    </Typography>
  ) : null;
}

/** Inventario › leader: the company's crumb goes back to the leaders when one is open. */
function MigasInventario(props: {
  ruta: RespuestaInventarioRuta['ruta'];
  lider: string | null;
  puedeVolver: boolean;
  alVolver: () => void;
}) {
  const { ruta, lider } = props;
  return (
    <Breadcrumbs sx={{ mb: 1 }} aria-label={M.inventario}>
      <span>
        {props.puedeVolver ? (
          <Link component="button" onClick={props.alVolver}>
            {M.inventario}
          </Link>
        ) : (
          <Typography component="span" color="text.primary">
            {M.inventario}
          </Typography>
        )}
        <DiasRuta ruta={ruta} tipo="empresa" />
      </span>
      {lider !== null && (
        <span>
          <Typography component="span" color="text.primary" data-testid="inventario-lider-actual">
            {lider}
          </Typography>
          <DiasRuta ruta={ruta} tipo="lider" />
        </span>
      )}
    </Breadcrumbs>
  );
}

/**
 * /in/inventario: inventory days (spec section 2). Administrators see leaders and open a
 * leader's clients by clicking the row's leader; a leader (level 2) sees its own clients.
 */
export function Inventario() {
  const sesion = useSesion();
  const [rango, setRango] = useState({ desde: inicioMesAnterior(), hasta: diaLocal() });
  const [monto, setMonto] = useState('');
  const [lider, setLider] = useState<string | null>(null);
  const [filtros, setFiltros] = useState<Filtros>({});
  const cuerpo = {
    ...partes(rango.desde, 'initial'),
    ...partes(rango.hasta, 'final'),
    leaderName: lider,
    monto: /^\d+$/.test(monto) ? Number(monto) : null,
    filtros: Object.fromEntries(Object.entries(filtros).filter(([, v]) => v.length > 0)),
  };
  const consulta = useInventario(cuerpo);
  const ruta = useInventarioRuta(cuerpo).data?.ruta ?? [];
  const datos = consulta.data;
  const nombreLider = datos?.leaderName ?? null;
  const columnas = useColumnasInventario(datos?.isLider, setLider);

  return (
    <Paper sx={{ p: 2 }}>
      {consulta.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      <MigasInventario
        ruta={ruta}
        lider={nombreLider}
        puedeVolver={sesion.nivel < 2 && nombreLider !== null}
        alVolver={() => setLider(null)}
      />
      <ListaConChips
        titulo={M.inventario}
        testIdTitulo="inventario-titulo"
        rango={{ ...rango, alCambiar: setRango }}
        extra={
          <TextField
            size="small"
            name="monto"
            label={M.monto}
            value={monto}
            onChange={(e) =>
              setMonto(e.target.value.replace(/\D/g, '').slice(0, String(MONTO_LINEA_MAX).length))
            }
            sx={{ width: 110 }}
          />
        }
        chips={{ columnas: COLUMNAS_CHIPS, valor: filtros, alCambiar: setFiltros }}
        excel={{ tipo: 'InventoryDays' }}
        lista={{ filas: datos?.inventario ?? [], isFetching: consulta.isFetching, error: consulta.error }}
        columnas={columnas}
        clave={(f) => f.numero}
        testId="tabla-inventario"
      />
    </Paper>
  );
}
