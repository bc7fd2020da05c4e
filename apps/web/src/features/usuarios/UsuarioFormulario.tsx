import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { M, texto } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import {
  API_USUARIOS,
  type FormularioUsuario,
  formularioUsuario,
  PASSWORD_SIN_CAMBIO,
  POR_PAGINA,
  type RespuestaUsuarios,
} from '@recargas/contracts/usuarios';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSnackbar } from '../../lib/avisar.ts';
import { esAdmin, useSesion } from '../../lib/sesion.ts';
import { SelectorPaginado } from '../../ui/SelectorPaginado.tsx';
import {
  claveUsuario,
  eliminarUsuario,
  guardarUsuario,
  refrescarUsuarios,
  useLiderPropio,
  useUsuario,
} from './api.ts';
import { CamposUsuario } from './CamposUsuario.tsx';
import { cuerpo, deUsuario, type Modo, puedeEscribir, vacio } from './formulario.ts';

/**
 * /in/usuarioNew and /in/editarUsuario/:id: the user screen of spec sections 2 and 4 in its
 * modes register, consult and edit.
 */
export function UsuarioFormulario() {
  const [ruta, idTexto] = (useParams()['*'] ?? '').split('/');
  // Clearing the chosen user keeps the consult mode (navigation state).
  const seguirConsultando = (useLocation().state as { consultar?: boolean } | null)?.consultar === true;
  const id = ruta === 'editarUsuario' && idTexto && /^\d+$/.test(idTexto) ? Number(idTexto) : undefined;
  // A new key per user: choosing another one starts from its own data.
  return (
    <Pantalla
      key={id ?? (seguirConsultando ? 'consultar' : 'nuevo')}
      id={id}
      consultar={ruta === 'editarUsuario' || seguirConsultando}
    />
  );
}

type Mensaje = { texto: string; tipo: 'error' | 'success' } | null;

function Pantalla({ id, consultar }: { id: number | undefined; consultar: boolean }) {
  const sesion = useSesion();
  const navegar = useNavigate();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [modo, setModo] = useState<Modo>(consultar ? 'consultar' : 'registrar');
  const [sinUsuario, setSinUsuario] = useState(false);
  const [mensaje, setMensaje] = useState<Mensaje>(null);
  const [borrar, setBorrar] = useState(false);
  // The rules of spec section 5, with this writer's caps (contracts/usuarios.ts).
  const esquema = useMemo(
    () =>
      formularioUsuario(
        { nivel: sesion.nivel, maxRecargas: sesion.MRD },
        sesion.ajustes.topeRecargasClientes,
      ),
    [sesion],
  );
  const form = useForm<FormularioUsuario>({
    defaultValues: vacio(sesion),
    resolver: zodResolver(esquema),
    // Marks change at the next submit; typing in a field only clears its own.
    reValidateMode: 'onSubmit',
  });
  const { reset, getValues, setValue } = form;

  const usuario = useUsuario(id);
  const u = usuario.data;
  useEffect(() => {
    if (u) reset(deUsuario(u));
  }, [u, reset]);
  const escribe = u ? puedeEscribir(sesion, u) : modo === 'registrar' || id === undefined;

  // A leader (level 2) works only inside its own leader: chosen for it (spec section 6).
  const liderPropio = useLiderPropio(!esAdmin(sesion)).data?.lideres[0];
  useEffect(() => {
    if (liderPropio && modo === 'registrar' && !getValues('lider'))
      setValue('lider', { id: liderPropio.id, nombre: liderPropio.lider });
  }, [liderPropio, modo, getValues, setValue]);

  const guardar = useMutation({
    mutationFn: () =>
      guardarUsuario(modo === 'registrar', cuerpo(getValues(), modo === 'registrar' ? undefined : id)),
    onSuccess: (r) => {
      if (modo === 'registrar') {
        // After register the form clears (spec section 4).
        reset({ ...vacio(sesion), lider: esAdmin(sesion) ? null : getValues('lider') });
        setMensaje({ texto: r.mensaje || M.registradoCorrectamente, tipo: 'success' });
      } else {
        setValue('password', PASSWORD_SIN_CAMBIO);
        setValue('confirmacion', PASSWORD_SIN_CAMBIO);
        setMensaje({ texto: r.mensaje || M.editadoCorrectamente, tipo: 'success' });
        void consultas.invalidateQueries({ queryKey: claveUsuario(id) });
      }
      refrescarUsuarios(consultas);
    },
    // Failures show the server's mensaje on the screen (spec section 8).
    onError: (e) => setMensaje({ texto: e.message, tipo: 'error' }),
  });

  const eliminar = useMutation({
    mutationFn: () => eliminarUsuario(id ?? 0),
    onSuccess: (r) => {
      setBorrar(false);
      // The toast 'Eliminado correctamente', then back to the list (spec section 4).
      enqueueSnackbar(r.mensaje || M.eliminadoCorrectamente, { variant: 'success' });
      refrescarUsuarios(consultas);
      consultas.removeQueries({ queryKey: claveUsuario(id) });
      navegar('/in/usuarios');
    },
    onError: (e) => {
      setBorrar(false);
      setMensaje({ texto: e.message, tipo: 'error' });
    },
  });
  const ocupado = guardar.isPending || eliminar.isPending;

  // The first rule that fails is the message shown, with the fields it marks.
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (ocupado) return;
    const falta = modo === 'consultar' && !u;
    setSinUsuario(falta);
    if (falta) {
      form.clearErrors();
      setMensaje({ texto: M.seleccionaUsuario, tipo: 'error' });
      return;
    }
    void form.handleSubmit(
      () => {
        setMensaje(null);
        guardar.mutate();
      },
      (errores) => {
        const primero = Object.values(errores)[0]?.message;
        setMensaje(primero ? { texto: primero, tipo: 'error' } : null);
      },
    )();
  };

  const cambiarModo = (m: Modo | null) => {
    if (!m || m === modo) return;
    setMensaje(null);
    setSinUsuario(false);
    form.clearErrors();
    if (m === 'registrar') {
      if (id !== undefined) navegar('/in/usuarioNew');
      else {
        setModo(m);
        reset(vacio(sesion));
      }
    } else setModo(m);
  };

  return (
    <FormProvider {...form}>
      <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, position: 'relative', maxWidth: 900 }}>
        {ocupado && (
          <LinearProgress data-testid="guardando" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          alignItems={{ sm: 'center' }}
          sx={{ mb: 2 }}
        >
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {sesion.nivel === NIVEL.lider ? M.misClientes : M.usuarios}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={modo}
            sx={{ '& .MuiToggleButton-root': { textTransform: 'none' } }}
            onChange={(_, m: Modo | null) => cambiarModo(m)}
          >
            <ToggleButton value="registrar" data-testid="modo-registrar">
              {M.registrarNuevo}
            </ToggleButton>
            <ToggleButton value="consultar" data-testid="modo-consultar">
              {M.consultarExistentes}
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>

        {modo === 'consultar' && (
          <SelectorPaginado<RespuestaUsuarios>
            ruta={API_USUARIOS.usuarios}
            parametros={{ limit: POR_PAGINA.usuarios }}
            busqueda={(q) => ({ filtros: q ? { username: [q] } : undefined })}
            opciones={(p) => p.usuarios.map((x) => ({ id: x.id, nombre: x.username }))}
            valor={u ? { id: u.id, nombre: u.username } : null}
            alCambiar={(o) =>
              navegar(o ? `/in/editarUsuario/${o.id}` : '/in/usuarioNew', { state: { consultar: true } })
            }
            etiqueta={M.buscarUsuario}
            name="buscarUsuario"
            error={sinUsuario}
          />
        )}

        {u && !escribe && (
          <Alert severity="info" sx={{ my: 2 }}>
            {esAdministrador(u.nivel) ? M.administradoresDeshabilitado : M.soloConsulta}
          </Alert>
        )}
        {usuario.error && <Alert severity="error">{usuario.error.message}</Alert>}

        <CamposUsuario sesion={sesion} editable={escribe && !ocupado} consultando={modo === 'consultar'} />

        {mensaje && (
          <Alert severity={mensaje.tipo} sx={{ mt: 2 }} data-testid="mensaje-usuario">
            {mensaje.texto}
          </Alert>
        )}

        <Stack direction="row" spacing={2} justifyContent="flex-end" sx={{ mt: 2 }}>
          {modo === 'consultar' && u && escribe && (
            <Button color="error" variant="outlined" disabled={ocupado} onClick={() => setBorrar(true)}>
              {M.eliminarUsuario}
            </Button>
          )}
          {escribe && (
            <Button type="submit" variant="contained" disabled={ocupado} data-testid="guardar-usuario">
              {modo === 'registrar' ? M.registrarUsuario : M.guardar}
            </Button>
          )}
        </Stack>

        <Dialog open={borrar} onClose={() => setBorrar(false)}>
          <DialogContent>
            <DialogContentText data-testid="confirmar-eliminar">
              {texto('confirmarEliminarUsuario', { name: u?.nombre ?? '' })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setBorrar(false)} autoFocus>
              {M.eliminarUsuarioVolver}
            </Button>
            <Button
              color="error"
              variant="contained"
              disabled={eliminar.isPending}
              onClick={() => eliminar.mutate()}
            >
              {M.eliminarUsuario}
            </Button>
          </DialogActions>
        </Dialog>
      </Paper>
    </FormProvider>
  );
}
