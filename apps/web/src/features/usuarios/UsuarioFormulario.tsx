import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { M } from '@recargas/contracts/mensajes';
import { esAdministrador } from '@recargas/contracts/niveles';
import { type FormularioUsuario, formularioUsuario, PASSWORD_SIN_CAMBIO } from '@recargas/contracts/usuarios';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSnackbar } from '../../lib/avisar.ts';
import { esAdmin, type Sesion, useSesion } from '../../lib/sesion.ts';
import { useEliminarUsuario, useGuardarUsuario, useLiderPropio, useUsuario } from './api.ts';
import { CamposUsuario } from './CamposUsuario.tsx';
import { cuerpo, deUsuario, type Modo, puedeEscribir, vacio } from './formulario.ts';
import { BuscarUsuario, CabeceraUsuario, DialogoEliminar } from './PartesUsuario.tsx';

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

/**
 * The form (react-hook-form) with the rules of spec section 5 and this writer's caps
 * (contracts/usuarios.ts), filled with the consulted user once it loads; a leader registering
 * gets its own leader chosen (spec section 6).
 */
function useFormularioUsuario(sesion: Sesion, id: number | undefined, modo: Modo) {
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

  // A leader (level 2) works only inside its own leader: chosen for it (spec section 6).
  const liderPropio = useLiderPropio(!esAdmin(sesion)).data?.lideres[0];
  useEffect(() => {
    if (liderPropio && modo === 'registrar' && !getValues('lider'))
      setValue('lider', { id: liderPropio.id, nombre: liderPropio.lider });
  }, [liderPropio, modo, getValues, setValue]);
  return { form, usuario, u };
}

/**
 * Saving and deleting the user, and what the screen says about them: the first rule that fails,
 * a missing user in consult mode, the server's answer.
 */
function useEnvioUsuario(
  sesion: Sesion,
  id: number | undefined,
  modo: Modo,
  { form, u }: ReturnType<typeof useFormularioUsuario>,
) {
  const navegar = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [sinUsuario, setSinUsuario] = useState(false);
  const [mensaje, setMensaje] = useState<Mensaje>(null);
  const [borrar, setBorrar] = useState(false);
  const { reset, getValues, setValue } = form;
  const guardar = useGuardarUsuario({
    onSuccess: (r) => {
      if (modo === 'registrar') {
        // After register the form clears (spec section 4).
        reset({ ...vacio(sesion), lider: esAdmin(sesion) ? null : getValues('lider') });
        setMensaje({ texto: r.mensaje || M.registradoCorrectamente, tipo: 'success' });
      } else {
        setValue('password', PASSWORD_SIN_CAMBIO);
        setValue('confirmacion', PASSWORD_SIN_CAMBIO);
        setMensaje({ texto: r.mensaje || M.editadoCorrectamente, tipo: 'success' });
      }
    },
    // Failures show the server's mensaje on the screen (spec section 8).
    onError: (e) => setMensaje({ texto: e.message, tipo: 'error' }),
  });
  const eliminar = useEliminarUsuario(id, {
    onSuccess: (r) => {
      setBorrar(false);
      // The toast 'Eliminado correctamente', then back to the list (spec section 4).
      enqueueSnackbar(r.mensaje || M.eliminadoCorrectamente, { variant: 'success' });
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
        const registrar = modo === 'registrar';
        guardar.mutate({ registrar, id, cuerpo: cuerpo(getValues(), registrar ? undefined : id) });
      },
      (errores) => {
        const primero = Object.values(errores)[0]?.message;
        setMensaje(primero ? { texto: primero, tipo: 'error' } : null);
      },
    )();
  };
  /** Another mode starts without messages or marks. */
  const limpiar = () => {
    setMensaje(null);
    setSinUsuario(false);
    form.clearErrors();
  };
  return { mensaje, sinUsuario, borrar, setBorrar, eliminar, ocupado, enviar, limpiar };
}

function Pantalla({ id, consultar }: { id: number | undefined; consultar: boolean }) {
  const sesion = useSesion();
  const navegar = useNavigate();
  const [modo, setModo] = useState<Modo>(consultar ? 'consultar' : 'registrar');
  const formulario = useFormularioUsuario(sesion, id, modo);
  const { form, usuario, u } = formulario;
  const { mensaje, sinUsuario, borrar, setBorrar, eliminar, ocupado, enviar, limpiar } = useEnvioUsuario(
    sesion,
    id,
    modo,
    formulario,
  );
  const escribe = u ? puedeEscribir(sesion, u) : modo === 'registrar' || id === undefined;

  const cambiarModo = (m: Modo | null) => {
    if (!m || m === modo) return;
    limpiar();
    if (m === 'registrar') {
      if (id !== undefined) navegar('/in/usuarioNew');
      else {
        setModo(m);
        form.reset(vacio(sesion));
      }
    } else setModo(m);
  };

  return (
    <FormProvider {...form}>
      <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, position: 'relative', maxWidth: 900 }}>
        {ocupado && (
          <LinearProgress data-testid="guardando" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        <CabeceraUsuario modo={modo} alCambiar={cambiarModo} />
        {modo === 'consultar' && <BuscarUsuario u={u} error={sinUsuario} />}

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

        <DialogoEliminar
          abierto={borrar}
          nombre={u?.nombre ?? ''}
          pendiente={eliminar.isPending}
          alCerrar={() => setBorrar(false)}
          alConfirmar={() => eliminar.mutate()}
        />
      </Paper>
    </FormProvider>
  );
}
