import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CARRIERS, CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import {
  LIMITES_LINEA,
  type Linea,
  peticionActualizarIcc,
  type RespuestaLineas,
} from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import type { RespuestaClientes, RespuestaLideres } from '@recargas/contracts/usuarios';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useState } from 'react';
import { api, ErrorApi } from '../../lib/api.ts';
import { useListaPaginada } from '../../lib/lista.ts';
import { esAdmin, useSesion } from '../../lib/sesion.ts';
import { BotonFiltros, type Filtros, FiltrosChips } from '../../ui/FiltrosChips.tsx';
import { RangoFechas } from '../../ui/RangoFechas.tsx';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import { fechaCorta } from '../portabilidades/Portabilidades.tsx';
import { type Opcion, SelectorPaginado } from '../usuarios/SelectorPaginado.tsx';
import { textoLinea } from './textoLinea.ts';

const RUTA = '/iccs';

/** POST /excel's answer (contracts respuestaExcel). */
interface RespuestaExcel {
  nombreArchivo: string;
  expira: string;
  filas: number;
}
/** The two-month notice is shown once per browser (spec section 2). */
const AVISO_VISTO = 'avisoAdministrarBase';

type Borrador = {
  icc: string;
  dn: string;
  compania: string;
  monto: string;
  nir: string;
  lider: Opcion;
  cliente: Opcion;
};
type CampoTexto = 'icc' | 'dn' | 'monto' | 'nir';

const borradorDe = (l: Linea): Borrador => ({
  icc: l.icc,
  dn: l.dn,
  compania: l.compania,
  monto: l.monto === null ? '' : String(l.monto),
  nir: l.nir ?? '',
  lider: { id: l.lider, nombre: l.liderNombre },
  cliente: { id: l.cliente, nombre: l.clienteNombre },
});

const LARGO: Record<CampoTexto, number> = {
  icc: LIMITES_LINEA.icc,
  dn: LIMITES_LINEA.dnMax,
  monto: 6,
  nir: LIMITES_LINEA.nir,
};

/**
 * /in/administrarBase: the line inventory (spec sections 2, 4, 5 and 8). The range starts as
 * the server's default (the last two months); chips, 'N encontrados', Excel, 20 rows a step,
 * inline edit and unlock where the server says the user may.
 */
export function AdministrarBase() {
  const sesion = useSesion();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [rango, setRango] = useState<{ desde: string; hasta: string } | null>(null);
  const [filtros, setFiltros] = useState<Filtros>({});
  const [verFiltros, setVerFiltros] = useState(false);
  const [edicion, setEdicion] = useState<{ id: number; borrador: Borrador } | null>(null);
  const [excel, setExcel] = useState<RespuestaExcel | null>(null);
  const [aviso, setAviso] = useState(() => localStorage.getItem(AVISO_VISTO) !== '1');
  const lista = useListaPaginada<RespuestaLineas, Linea>(
    RUTA,
    { fechaInicial: rango?.desde, fechaFinal: rango?.hasta, filtros },
    (p) => p.lineas,
  );
  // While other chips or dates load there is no first page: the last one keeps the columns,
  // the filter fields and the range in place.
  const [ultima, setUltima] = useState<RespuestaLineas | undefined>(undefined);
  useEffect(() => {
    if (lista.primera) setUltima(lista.primera);
  }, [lista.primera]);
  const primera = lista.primera ?? ultima;
  const desde = rango?.desde ?? primera?.fechaInicial ?? '';
  const hasta = rango?.hasta ?? primera?.fechaFinal ?? '';
  const puedeEditar = primera?.puedeEditar === true;
  const puedeDesbloquear = primera?.puedeDesbloquear === true;
  const admin = esAdmin(sesion);
  const refrescar = () => consultas.invalidateQueries({ queryKey: [RUTA] });
  /** A network failure has no server text: the spec's own wording then. */
  const motivo = (e: Error, porDefecto: string) =>
    e instanceof ErrorApi && e.status > 0 ? e.message : porDefecto;

  const guardar = useMutation({
    mutationFn: (cuerpo: Record<string, unknown>) => api<{ mensaje: string }>('/actualizarIcc', { cuerpo }),
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      setEdicion(null);
      void refrescar();
    },
    onError: (e) => enqueueSnackbar(motivo(e, M.errorActualizandoLinea), { variant: 'error' }),
  });
  const desbloquear = useMutation({
    mutationFn: (icc: string) => api<{ mensaje: string }>('/desbloquearIcc', { cuerpo: { icc } }),
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      void refrescar();
    },
    onError: (e) => enqueueSnackbar(motivo(e, M.errorDesbloqueando), { variant: 'error' }),
  });
  const generar = useMutation({
    mutationFn: () =>
      api<RespuestaExcel>('/excel', {
        cuerpo: {
          tipo: 'ADMINISTRAR',
          filtros: Object.fromEntries(Object.entries(filtros).filter(([, v]) => v.length > 0)),
          fechas: desde && hasta ? { fechaInicial: desde, fechaFinal: hasta } : {},
        },
      }),
    onSuccess: (r) => {
      setExcel(r);
      enqueueSnackbar(texto('excelGenerado', { filas: r.filas, fecha: fechaCorta(r.expira) }), {
        variant: 'success',
      });
      window.location.assign(urlExcel(r.nombreArchivo));
    },
    onError: (e) => enqueueSnackbar(`${M.excelFallido}: ${e.message}`, { variant: 'error' }),
  });
  const ocupado = guardar.isPending || desbloquear.isPending;

  /** Section 5 "Line edit", checked with the same contract the server applies. */
  const alGuardar = () => {
    if (!edicion) return;
    const b = edicion.borrador;
    const cuerpo = {
      id: edicion.id,
      icc: b.icc.trim(),
      dn: b.dn.trim(),
      compania: b.compania,
      lider: b.lider.id,
      cliente: b.cliente.id,
      monto: b.monto.trim(),
      nir: b.nir.trim(),
    };
    const revision = peticionActualizarIcc.safeParse(cuerpo);
    if (!revision.success) {
      enqueueSnackbar(revision.error.issues[0]?.message ?? M.errorActualizandoLinea, { variant: 'error' });
      return;
    }
    guardar.mutate(cuerpo);
  };

  const cambiar = (cambios: Partial<Borrador>) =>
    setEdicion((e) => (e ? { ...e, borrador: { ...e.borrador, ...cambios } } : e));

  // Built on each render: the cells read the edit draft.
  const columnas = ((): Columna<Linea>[] => {
    const enEdicion = (f: Linea) => edicion?.id === f.id;
    const campo = (f: Linea, c: CampoTexto, etiqueta: string, mostrar: ReactNode): ReactNode => {
      if (!edicion || !enEdicion(f)) return mostrar;
      return (
        <TextField
          size="small"
          name={`editar-${c}`}
          value={edicion.borrador[c]}
          onChange={(e) => cambiar({ [c]: e.target.value.slice(0, LARGO[c]) })}
          sx={{ minWidth: c === 'icc' ? 190 : c === 'dn' ? 130 : 80 }}
          slotProps={{ htmlInput: { 'aria-label': etiqueta, inputMode: 'numeric' } }}
        />
      );
    };
    const base = (primera?.titulos ?? []).map((t): Columna<Linea> => {
      const { llave, valor } = t;
      switch (llave) {
        case 'icc':
        case 'dn':
        case 'nir':
          return { llave, valor, celda: (f) => campo(f, llave, valor, f[llave] ?? '') };
        case 'monto':
          return { llave, valor, celda: (f) => campo(f, 'monto', valor, f.monto ?? '') };
        case 'compania':
          return {
            llave,
            valor,
            celda: (f) =>
              edicion && enEdicion(f) ? (
                <TextField
                  select
                  size="small"
                  name="editar-compania"
                  value={edicion.borrador.compania}
                  onChange={(e) => cambiar({ compania: e.target.value })}
                  sx={{ minWidth: 120 }}
                  slotProps={{ htmlInput: { 'aria-label': valor } }}
                >
                  {CODIGOS_CARRIER.map((k) => (
                    <MenuItem key={k} value={k}>
                      {CARRIERS[k]}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                textoLinea(f, 'compania')
              ),
          };
        case 'lider':
          return {
            llave,
            valor,
            celda: (f) =>
              edicion && enEdicion(f) && admin ? (
                <Box sx={{ minWidth: 180 }}>
                  <SelectorPaginado<RespuestaLideres>
                    ruta="/api/lideres"
                    parametros={{ limit: 10 }}
                    opciones={(p) => p.lideres.map((l) => ({ id: l.id, nombre: l.lider }))}
                    fijas={[{ id: 0, nombre: M.lineaSinLider }]}
                    valor={edicion.borrador.lider}
                    alCambiar={(o) =>
                      cambiar({
                        lider: o ?? { id: 0, nombre: M.lineaSinLider },
                        cliente: { id: 0, nombre: M.lineaSinCliente },
                      })
                    }
                    etiqueta={valor}
                    name="editar-lider"
                  />
                </Box>
              ) : (
                f.liderNombre
              ),
          };
        case 'cliente':
          return {
            llave,
            valor,
            celda: (f) =>
              edicion && enEdicion(f) ? (
                <Box sx={{ minWidth: 180 }}>
                  <SelectorPaginado<RespuestaClientes>
                    key={edicion.borrador.lider.id}
                    ruta="/api/clientes"
                    parametros={{ lider: edicion.borrador.lider.id || undefined, limit: 10 }}
                    opciones={(p) => p.clientes.map((c) => ({ id: c.id, nombre: c.cliente }))}
                    fijas={[{ id: 0, nombre: M.lineaSinCliente }]}
                    valor={edicion.borrador.cliente}
                    alCambiar={(o) => cambiar({ cliente: o ?? { id: 0, nombre: M.lineaSinCliente } })}
                    etiqueta={valor}
                    name="editar-cliente"
                    habilitado={edicion.borrador.lider.id > 0}
                  />
                </Box>
              ) : (
                f.clienteNombre
              ),
          };
        case 'fechaSubida':
        case 'fechaActualizacion':
        case 'fechaRecarga':
        case 'fechaVigencia':
        case 'fechaEntrega':
        case 'fechaPortada':
        case 'isRecargado':
          return { llave, valor, celda: (f) => textoLinea(f, llave) };
        default:
          return { llave, valor };
      }
    });
    if (!puedeEditar && !puedeDesbloquear) return base;
    const acciones: Columna<Linea> = {
      llave: 'acciones',
      valor: M.colAcciones,
      celda: (f) => (
        <Stack direction="row" spacing={0.5} alignItems="center">
          {puedeEditar &&
            (enEdicion(f) ? (
              <>
                <IconButton aria-label={M.guardar} onClick={alGuardar} disabled={ocupado} color="primary">
                  <SaveIcon />
                </IconButton>
                <IconButton
                  aria-label={M.cancelarEdicion}
                  onClick={() => setEdicion(null)}
                  disabled={ocupado}
                >
                  <CloseIcon />
                </IconButton>
              </>
            ) : (
              <IconButton
                aria-label={M.colEditar}
                disabled={ocupado}
                onClick={() => setEdicion({ id: f.id, borrador: borradorDe(f) })}
              >
                <EditIcon />
              </IconButton>
            ))}
          {/* Unlock: a recharged line with no recharge date (section 4), when allowed. */}
          {puedeDesbloquear && f.isRecargado && f.fechaRecarga === null && (
            <Tooltip title={M.desbloquear}>
              <span>
                <IconButton
                  aria-label={M.desbloquear}
                  disabled={ocupado}
                  color="secondary"
                  onClick={() => desbloquear.mutate(f.icc)}
                >
                  <LockOpenIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
      ),
    };
    return [acciones, ...base];
  })();

  const cerrarAviso = () => {
    localStorage.setItem(AVISO_VISTO, '1');
    setAviso(false);
  };

  return (
    <Paper sx={{ p: 2 }}>
      {(lista.isFetching || ocupado || generar.isPending) && <LinearProgress sx={{ mb: 1 }} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {M.administrarBase}
          {lista.total !== null && (
            <Typography component="span" color="text.secondary" sx={{ ml: 2 }} data-testid="lineas-total">
              {texto('encontrados', { n: lista.total })}
            </Typography>
          )}
        </Typography>
        <RangoFechas desde={desde} hasta={hasta} alCambiar={setRango} />
        <Stack direction="row" spacing={1}>
          <BotonFiltros abierto={verFiltros} alCambiar={setVerFiltros} />
          <Button
            variant="outlined"
            onClick={() => generar.mutate()}
            disabled={generar.isPending || !primera}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {M.generarExcel}
          </Button>
        </Stack>
      </Stack>
      {excel && (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }} data-testid="lineas-excel">
          <TextField
            size="small"
            label={M.excelExpira}
            name="excelExpira"
            value={fechaCorta(excel.expira)}
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
          />
          <Link href={urlExcel(excel.nombreArchivo)}>{M.descargarDeNuevo}</Link>
        </Stack>
      )}
      <FiltrosChips
        abierto={verFiltros}
        columnas={primera?.titulos ?? []}
        valor={filtros}
        alCambiar={setFiltros}
      />
      {lista.error && <Typography color="error">{lista.error.message}</Typography>}
      <TablaInfinita
        testId="tabla-lineas"
        columnas={columnas}
        filas={lista.filas}
        clave={(f) => f.id}
        hayMas={lista.hasNextPage}
        cargando={lista.isFetching}
        alFinal={() => void lista.fetchNextPage()}
      />
      <Dialog open={aviso} onClose={cerrarAviso}>
        <DialogTitle>{M.avisoDosMesesTitulo}</DialogTitle>
        <DialogContent>
          <DialogContentText>{M.avisoDosMeses}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={cerrarAviso} autoFocus>
            {M.entendido}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

const urlExcel = (nombre: string) => `/excel/descargar?nombre=${encodeURIComponent(nombre)}`;
