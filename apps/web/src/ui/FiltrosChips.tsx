import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { M } from '@recargas/contracts/mensajes';

export type Filtros = Record<string, string[]>;

/** The 'Mostrar/Ocultar Filtros' toggle. */
export function BotonFiltros(props: { abierto: boolean; alCambiar: (abierto: boolean) => void }) {
  return (
    <Button variant="outlined" onClick={() => props.alCambiar(!props.abierto)} aria-expanded={props.abierto}>
      {props.abierto ? M.ocultarFiltros : M.mostrarFiltros}
    </Button>
  );
}

/**
 * Chip filters, one field per column: type a value and press Enter to add a chip. Chips of one
 * column combine as OR, columns as AND; the server applies them (case-insensitive substrings).
 */
export function FiltrosChips(props: {
  abierto: boolean;
  columnas: readonly { llave: string; valor: string }[];
  valor: Filtros;
  alCambiar: (f: Filtros) => void;
}) {
  return (
    <Collapse in={props.abierto} unmountOnExit>
      <Grid container spacing={1} sx={{ py: 1 }} data-testid="filtros">
        {props.columnas.map((c) => (
          <Grid key={c.llave} size={{ xs: 12, sm: 6, md: 3 }}>
            <Autocomplete
              multiple
              freeSolo
              size="small"
              options={[]}
              value={props.valor[c.llave] ?? []}
              onChange={(_, valores) =>
                props.alCambiar({
                  ...props.valor,
                  [c.llave]: (valores as string[]).map((v) => v.trim()).filter(Boolean),
                })
              }
              renderValue={(valores, obtener) =>
                valores.map((v, i) => {
                  const { key, ...resto } = obtener({ index: i });
                  return <Chip key={key} label={v} size="small" {...resto} />;
                })
              }
              renderInput={(p) => <TextField {...p} label={c.valor} name={`filtro-${c.llave}`} />}
            />
          </Grid>
        ))}
      </Grid>
    </Collapse>
  );
}
