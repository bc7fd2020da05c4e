import Breadcrumbs from '@mui/material/Breadcrumbs';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import {
  CLAVES_INVENTARIO,
  COLUMNAS_INVENTARIO,
  type FilaInventario,
  type RespuestaInventario,
} from '@recargas/contracts/portabilidades';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useSesion } from '../../lib/sesion.ts';
import { BotonExcel } from '../../ui/BotonExcel.tsx';
import { BotonFiltros, type Filtros, FiltrosChips } from '../../ui/FiltrosChips.tsx';
import { diaLocal, RangoFechas } from '../../ui/RangoFechas.tsx';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import { inicioMesAnterior } from './Portabilidades.tsx';

const partes = (dia: string, lado: 'initial' | 'final') => {
  const [a, m, d] = dia.split('-').map(Number);
  return { [`${lado}Day`]: d, [`${lado}Month`]: m, [`${lado}Year`]: a };
};

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
  const [verFiltros, setVerFiltros] = useState(false);
  const cuerpo = {
    ...partes(rango.desde, 'initial'),
    ...partes(rango.hasta, 'final'),
    leaderName: lider,
    monto: /^\d+$/.test(monto) ? Number(monto) : null,
    filtros: Object.fromEntries(Object.entries(filtros).filter(([, v]) => v.length > 0)),
  };
  const consulta = useQuery({
    queryKey: ['/api/portOuts/inventoryDays', cuerpo],
    queryFn: () => api<RespuestaInventario>('/api/portOuts/inventoryDays', { cuerpo }),
  });
  const datos = consulta.data;
  const nombreLider = datos?.leaderName ?? null;
  const puedeVolver = sesion.nivel < 2 && nombreLider !== null;

  const columnas = useMemo<Columna<FilaInventario>[]>(
    () => [
      { llave: 'numero', valor: M.colNumero },
      ...CLAVES_INVENTARIO.map((llave) =>
        llave === 'lider'
          ? {
              llave,
              valor: COLUMNAS_INVENTARIO[llave],
              celda: (f: FilaInventario) =>
                datos?.isLider && f.idLider !== null ? (
                  <Link component="button" onClick={() => setLider(f.lider)} data-testid="inventario-lider">
                    {f.lider}
                  </Link>
                ) : (
                  f.lider
                ),
            }
          : { llave, valor: COLUMNAS_INVENTARIO[llave] },
      ),
    ],
    [datos?.isLider],
  );

  return (
    <Paper sx={{ p: 2 }}>
      {consulta.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      <Breadcrumbs sx={{ mb: 1 }} aria-label={M.inventario}>
        {puedeVolver ? (
          <Link component="button" onClick={() => setLider(null)}>
            {M.inventario}
          </Link>
        ) : (
          <Typography color="text.primary">{M.inventario}</Typography>
        )}
        {nombreLider !== null && (
          <Typography color="text.primary" data-testid="inventario-lider-actual">
            {nombreLider}
          </Typography>
        )}
      </Breadcrumbs>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid="inventario-titulo">
          {M.inventario}
        </Typography>
        <RangoFechas desde={rango.desde} hasta={rango.hasta} alCambiar={setRango} />
        <TextField
          size="small"
          name="monto"
          label={M.monto}
          value={monto}
          onChange={(e) => setMonto(e.target.value.replace(/\D/g, '').slice(0, 6))}
          sx={{ width: 110 }}
        />
        <BotonFiltros abierto={verFiltros} alCambiar={setVerFiltros} />
        <BotonExcel tipo="InventoryDays" fechas={{ fechaInicial: rango.desde, fechaFinal: rango.hasta }} />
      </Stack>
      <FiltrosChips
        abierto={verFiltros}
        columnas={CLAVES_INVENTARIO.map((llave) => ({ llave, valor: COLUMNAS_INVENTARIO[llave] }))}
        valor={filtros}
        alCambiar={setFiltros}
      />
      {consulta.error && <Typography color="error">{consulta.error.message}</Typography>}
      <TablaInfinita
        testId="tabla-inventario"
        columnas={columnas}
        filas={datos?.inventario ?? []}
        clave={(f) => f.numero}
        hayMas={false}
        cargando={consulta.isFetching}
        alFinal={() => {}}
      />
    </Paper>
  );
}
