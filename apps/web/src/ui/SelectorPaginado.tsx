import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { M } from '@recargas/contracts/mensajes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type UIEvent, useEffect, useId, useState } from 'react';
import { api } from '../lib/api.ts';
import { aQuery, type Parametros } from '../lib/lista.ts';

/** One choice of a picker: an id and the name it shows; `nuevo` is a name typed to be created. */
export interface Opcion {
  id: number;
  nombre: string;
  nuevo?: boolean;
}

/** How close to the end of the open list (px) the next page is asked for. */
const MARGEN = 40;
/** A key press that highlights one of the last this many choices asks for the next page. */
const ULTIMAS = 3;

/** The text typed, once it stops changing for a moment. */
function useRetrasado(valor: string, ms = 250) {
  const [retrasado, setRetrasado] = useState(valor);
  useEffect(() => {
    const t = setTimeout(() => setRetrasado(valor), ms);
    return () => clearTimeout(t);
  }, [valor, ms]);
  return retrasado;
}

/**
 * A searchable picker over a keyset-paged route (GET /api/lideres, /api/clientes, /api/usuarios):
 * the typed text goes to the server as `q` (or through `busqueda`), and scrolling to the end of
 * the open list loads the next page (10 more for the leaders, spec section 2).
 */
export function SelectorPaginado<P extends { siguiente: string | null }>(props: {
  ruta: string;
  /** Fixed query parameters (the leader of the clients, the page size...). */
  parametros?: Parametros;
  /** The query parameters of a search text; `{ q }` when absent. */
  busqueda?: (texto: string) => Parametros;
  opciones: (pagina: P) => Opcion[];
  /** Choices listed before the server's (such as 'Sin lider'). */
  fijas?: Opcion[];
  valor: Opcion | null;
  alCambiar: (o: Opcion | null) => void;
  etiqueta: string;
  name: string;
  error?: boolean;
  ayuda?: string;
  deshabilitado?: boolean;
  habilitado?: boolean;
  /** Offer the typed text as a new choice (`nuevo`) when no choice has that name. */
  crear?: (texto: string) => string;
}) {
  const [texto, setTexto] = useState('');
  const [abierto, setAbierto] = useState(false);
  // Typing the chosen option's own name is not a search.
  const buscado = useRetrasado(texto === props.valor?.nombre ? '' : texto.trim());
  const parametros = { ...props.parametros, ...(props.busqueda ? props.busqueda(buscado) : { q: buscado }) };
  const consulta = useInfiniteQuery({
    queryKey: [props.ruta, 'selector', parametros],
    queryFn: ({ pageParam }) =>
      api<P>(`${props.ruta}?${aQuery({ ...parametros, after: pageParam || undefined })}`),
    initialPageParam: '',
    getNextPageParam: (p) => p.siguiente ?? undefined,
    enabled: abierto && props.habilitado !== false,
  });
  const delServidor = (consulta.data?.pages ?? []).flatMap(props.opciones);
  const fijas = (props.fijas ?? []).filter(
    (f) => !buscado || f.nombre.toLowerCase().includes(buscado.toLowerCase()),
  );
  const opciones = [...fijas, ...delServidor.filter((o) => !fijas.some((f) => f.id === o.id))];

  const pedirMas = () => {
    if (consulta.hasNextPage && !consulta.isFetchingNextPage) void consulta.fetchNextPage();
  };
  const cercaDelFinal = (l: HTMLElement) => l.scrollTop + l.clientHeight >= l.scrollHeight - MARGEN;
  const alDesplazar = (e: UIEvent<HTMLElement>) => {
    if (cercaDelFinal(e.currentTarget)) pedirMas();
  };
  // A list that does not fill its box never scrolls: it asks for more until it does or ends.
  const id = useId();
  const { hasNextPage, isFetching } = consulta;
  useEffect(() => {
    const l = document.getElementById(`${id}-listbox`);
    if (abierto && l && hasNextPage && !isFetching && cercaDelFinal(l)) void consulta.fetchNextPage();
  });

  return (
    <Autocomplete<Opcion, false, false, false>
      id={id}
      open={abierto}
      onOpen={() => setAbierto(true)}
      onClose={() => setAbierto(false)}
      disabled={props.deshabilitado ?? false}
      options={opciones}
      value={props.valor}
      onChange={(_, o) => props.alCambiar(o)}
      // Arrow keys, PageDown and End move the highlight: near the last choice, the next page.
      onHighlightChange={(_, o, razon) => {
        if (razon === 'keyboard' && o && opciones.indexOf(o) >= opciones.length - ULTIMAS) pedirMas();
      }}
      inputValue={texto}
      onInputChange={(_, v) => setTexto(v)}
      getOptionLabel={(o) => o.nombre}
      getOptionKey={(o) => (o.nuevo ? `nuevo-${o.nombre}` : o.id)}
      isOptionEqualToValue={(a, b) => a.id === b.id && a.nombre === b.nombre}
      // The server searched already; only the offer to create a new one is added here.
      filterOptions={(lista, estado) => {
        const escrito = estado.inputValue.trim();
        if (
          !props.crear ||
          !escrito ||
          escrito === props.valor?.nombre ||
          lista.some((o) => o.nombre.toLowerCase() === escrito.toLowerCase())
        )
          return lista;
        return [...lista, { id: 0, nombre: escrito, nuevo: true }];
      }}
      renderOption={(p, o) => {
        const { key, ...resto } = p;
        return (
          <li key={key} {...resto}>
            {o.nuevo && props.crear ? props.crear(o.nombre) : o.nombre}
          </li>
        );
      }}
      loading={consulta.isFetching}
      loadingText={M.cargando}
      noOptionsText={M.sinResultados}
      clearText={M.limpiar}
      openText={M.abrir}
      closeText={M.cerrar}
      slotProps={{ listbox: { onScroll: alDesplazar } }}
      renderInput={(p) => (
        <TextField
          {...p}
          label={props.etiqueta}
          name={props.name}
          error={props.error ?? false}
          helperText={props.ayuda}
        />
      )}
    />
  );
}
