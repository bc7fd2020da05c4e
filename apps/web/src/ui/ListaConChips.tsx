import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, useCallback, useRef, useState } from 'react';
import { BotonExcel, type PropsExcel } from './BotonExcel.tsx';
import { BotonFiltros, type Filtros, FiltrosChips } from './FiltrosChips.tsx';
import { RangoFechas } from './RangoFechas.tsx';
import { type Columna, TablaInfinita } from './TablaInfinita.tsx';

/**
 * The range pickers draw again only when the range changes, not with each page that arrives:
 * each drawing of a date field reads the page's selection, a layout of the whole page.
 */
const Rango = memo(RangoFechas);

/** What the list needs of a paged query (lib/lista.ts useListaPaginada, or one page of useQuery). */
export interface ListaCargada<F> {
  filas: readonly F[];
  hasNextPage?: boolean;
  isFetching: boolean;
  fetchNextPage?: () => unknown;
  error: Error | null;
}

/**
 * A screen's list (spec sections 2 and 9): its title with the count the server gave, the range,
 * 'Mostrar Filtros' with one chip field per column, 'Generar Excel' with the same range and
 * chips, and the table that asks for the next 20 rows at its end. `seccion`: a list inside a
 * screen (smaller title, count below it).
 */
export function ListaConChips<F>(props: {
  titulo: string;
  testIdTitulo?: string;
  total?: { texto: string; testId?: string } | null;
  rango?: { desde: string; hasta: string; alCambiar: (r: { desde: string; hasta: string }) => void };
  chips?: {
    columnas: readonly { llave: string; valor: string }[];
    valor: Filtros;
    alCambiar: (f: Filtros) => void;
  };
  excel?: Omit<PropsExcel, 'fechas' | 'filtros'>;
  /** More controls of the header, before the filters. */
  extra?: ReactNode;
  /** Shown between the header and the chips. */
  children?: ReactNode;
  seccion?: boolean;
  lista: ListaCargada<F>;
  columnas: readonly Columna<F>[];
  clave: (fila: F, indice: number) => string | number;
  testId: string;
}) {
  const [verFiltros, setVerFiltros] = useState(false);
  const { lista, rango, chips, total } = props;
  // The screen's latest handler behind one function that never changes, so `Rango` stays as is.
  const alCambiarRango = useRef(rango?.alCambiar);
  alCambiarRango.current = rango?.alCambiar;
  const cambiarRango = useCallback((r: { desde: string; hasta: string }) => alCambiarRango.current?.(r), []);
  const fechas =
    rango?.desde && rango.hasta ? { fechaInicial: rango.desde, fechaFinal: rango.hasta } : undefined;
  return (
    <>
      {props.seccion ? (
        <>
          <Typography variant="h6" component="h2">
            {props.titulo}
          </Typography>
          {total && (
            <Typography variant="body2" color="text.secondary" data-testid={total.testId}>
              {total.texto}
            </Typography>
          )}
        </>
      ) : (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          alignItems={{ md: 'center' }}
          sx={{ mb: 1 }}
        >
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid={props.testIdTitulo}>
            {props.titulo}
            {total && (
              <Typography component="span" color="text.secondary" sx={{ ml: 2 }} data-testid={total.testId}>
                {total.texto}
              </Typography>
            )}
          </Typography>
          {rango && <Rango desde={rango.desde} hasta={rango.hasta} alCambiar={cambiarRango} />}
          {props.extra}
          {chips && <BotonFiltros abierto={verFiltros} alCambiar={setVerFiltros} />}
          {props.excel && <BotonExcel {...props.excel} fechas={fechas} filtros={chips?.valor ?? {}} />}
        </Stack>
      )}
      {props.children}
      {chips && (
        <FiltrosChips
          abierto={verFiltros}
          columnas={chips.columnas}
          valor={chips.valor}
          alCambiar={chips.alCambiar}
        />
      )}
      {lista.error && <Typography color="error">{lista.error.message}</Typography>}
      <TablaInfinita
        testId={props.testId}
        columnas={props.columnas}
        filas={lista.filas}
        clave={props.clave}
        hayMas={lista.hasNextPage === true}
        cargando={lista.isFetching}
        alFinal={() => void lista.fetchNextPage?.()}
      />
    </>
  );
}
