import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { M, texto } from '@recargas/contracts/mensajes';
import { etiquetaNivel, NIVEL } from '@recargas/contracts/niveles';
import {
  API_USUARIOS,
  COLUMNAS_FILTRO_USUARIOS,
  type RespuestaUsuarios,
  TITULOS_USUARIOS,
  type UsuarioFila,
} from '@recargas/contracts/usuarios';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ErrorApi } from '../../lib/api.ts';
import { useSnackbar } from '../../lib/avisar.ts';
import { puede, type Sesion, useSesion } from '../../lib/sesion.ts';
import { BotonExcel } from '../../ui/BotonExcel.tsx';
import { BotonFiltros, type Filtros, FiltrosChips } from '../../ui/FiltrosChips.tsx';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import { cambiarPermisoMonto, useUsuarios } from './api.ts';
import { puedeEscribir } from './formulario.ts';

/** Title of the screen (and of its menu entry): a leader manages 'Mis clientes'. */
export const tituloUsuarios = (s: Sesion) => (s.nivel === NIVEL.lider ? M.misClientes : M.usuarios);

/** The filterable columns of the list, with the titles of spec section 2. */
const FILTRABLES = COLUMNAS_FILTRO_USUARIOS.map((llave) => ({ llave, valor: TITULOS_USUARIOS[llave] }));

/** Cells shown other than as stored: the level's name, 'sin Telefono'. */
const CELDAS: Partial<Record<string, (f: UsuarioFila) => string>> = {
  nivel: (f) => etiquetaNivel(f.nivel),
  phoneNumber: (f) => (f.phoneNumber === 'null' ? M.sinTelefono : f.phoneNumber),
};

/** A phone card's first line: who the user is (issue 41). */
const PRIMERA: Partial<Record<string, number>> = { username: 1, nombre: 2, nivel: 3 };

/**
 * Editar: the pencil only on the rows the server lets this viewer edit (contracts
 * puedeEditarUsuario), beside the username: a pinned column hid Permiso Monto (issue 41).
 */
export const columnaEditar = (sesion: Sesion): Columna<UsuarioFila> => ({
  llave: 'editar',
  valor: M.colEditar,
  accion: true,
  celda: (f) =>
    puedeEscribir(sesion, f) ? (
      <IconButton
        component={Link}
        to={`/in/editarUsuario/${f.id}`}
        size="small"
        aria-label={`${M.colEditar} ${f.username}`}
        data-testid={`editar-${f.username}`}
      >
        <Edit fontSize="small" />
      </IconButton>
    ) : null,
});

/** The amounts toggle: whoever may switch it (PERMISO_MONTOS, contracts/acceso.ts). */
export const veMontos = (s: Sesion) => puede(s, 'POST /api/setUsuariosMonto');

/**
 * /in/usuarios: the user list of spec section 2 ('Usuarios', or 'Mis clientes' for a leader),
 * keyset-paged 20 at a time with chip filters, the Permiso Monto switch and the Editar pencil.
 */
export function Usuarios() {
  const sesion = useSesion();
  const [filtros, setFiltros] = useState<Filtros>({});
  const [verFiltros, setVerFiltros] = useState(false);
  const lista = useUsuarios({ filtros });
  const montos = veMontos(sesion);

  const columnas = useMemo<Columna<UsuarioFila>[]>(
    () => [
      // The row's place in the list, from the table: no copy of the loaded rows to number them.
      { llave: 'numero', valor: M.colNumero, celda: (_f, i) => i + 1 },
      ...FILTRABLES.flatMap((c) => [
        { ...c, primera: PRIMERA[c.llave], ...(CELDAS[c.llave] ? { celda: CELDAS[c.llave] } : {}) },
        ...(c.llave === 'username' ? [columnaEditar(sesion)] : []),
      ]),
      ...(montos
        ? [
            {
              llave: 'isMonto',
              valor: M.colPermisoMonto,
              // Administrators' rows have none: the server refuses to change them.
              celda: (f: UsuarioFila) => (f.nivel < NIVEL.lider ? null : <SwitchMonto fila={f} />),
            },
          ]
        : []),
    ],
    [montos, sesion],
  );

  return (
    <Paper sx={{ p: 2 }}>
      {lista.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {tituloUsuarios(sesion)}
          {lista.total !== null && (
            <Typography component="span" color="text.secondary" sx={{ ml: 2 }} data-testid="usuarios-total">
              {texto('registros', { n: lista.total })}
            </Typography>
          )}
        </Typography>
        <BotonFiltros abierto={verFiltros} alCambiar={setVerFiltros} />
        <BotonExcel tipo="USUARIOS" filtros={filtros} />
        <Button variant="contained" component={Link} to="/in/usuarioNew" data-testid="agregar-usuario">
          {M.agregarUsuario}
        </Button>
      </Stack>
      <FiltrosChips abierto={verFiltros} columnas={FILTRABLES} valor={filtros} alCambiar={setFiltros} />
      {lista.error && <Typography color="error">{lista.error.message}</Typography>}
      <TablaInfinita
        testId="tabla-usuarios"
        columnas={columnas}
        filas={lista.filas}
        clave={(f) => f.id}
        hayMas={lista.hasNextPage}
        cargando={lista.isFetching}
        alFinal={() => void lista.fetchNextPage()}
      />
    </Paper>
  );
}

/** Permiso Monto of one leader or client (POST /api/setUsuariosMonto). */
function SwitchMonto({ fila }: { fila: UsuarioFila }) {
  const { enqueueSnackbar } = useSnackbar();
  const cliente = useQueryClient();
  const [valor, setValor] = useState(fila.isMonto);
  const [guardando, setGuardando] = useState(false);
  const cambiar = async (isMonto: boolean) => {
    setValor(isMonto);
    setGuardando(true);
    try {
      const r = await cambiarPermisoMonto(fila.username, isMonto);
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      // The loaded pages keep the new value, so the row shows it after a remount too.
      cliente.setQueriesData<InfiniteData<RespuestaUsuarios>>({ queryKey: [API_USUARIOS.usuarios] }, (d) =>
        d?.pages
          ? {
              ...d,
              pages: d.pages.map((p) => ({
                ...p,
                usuarios: p.usuarios.map((u) => (u.id === fila.id ? { ...u, isMonto } : u)),
              })),
            }
          : d,
      );
    } catch (e) {
      setValor(!isMonto);
      enqueueSnackbar(e instanceof ErrorApi ? e.message : M.errorInesperado, { variant: 'error' });
    } finally {
      setGuardando(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={valor}
      disabled={guardando}
      onChange={(e) => void cambiar(e.target.checked)}
      slotProps={{ input: { 'aria-label': `${M.colPermisoMonto} ${fila.username}` } }}
    />
  );
}
