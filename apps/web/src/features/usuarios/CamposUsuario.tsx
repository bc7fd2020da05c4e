import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { M, texto } from '@recargas/contracts/mensajes';
import { NIVEL } from '@recargas/contracts/niveles';
import {
  API_USUARIOS,
  type FormularioUsuario,
  LIMITES_USUARIO,
  PASSWORD_SIN_CAMBIO,
  POR_PAGINA,
  type RespuestaClientes,
  type RespuestaLideres,
  SIN_LIDER,
} from '@recargas/contracts/usuarios';
import type { ReactNode } from 'react';
import { Controller, type FieldPath, type PathValue, useFormContext, useWatch } from 'react-hook-form';
import { esAdmin, type Sesion } from '../../lib/sesion.ts';
import { Seleccion } from '../../ui/Seleccion.tsx';
import { SelectorPaginado } from '../../ui/SelectorPaginado.tsx';
import { NOMBRE_NIVEL, tiposPara } from './formulario.ts';

type Campo = FieldPath<FormularioUsuario>;

/** One cell of the form's grid: half a row from the small breakpoint up. */
const Celda = ({ children }: { children: ReactNode }) => <Grid size={{ xs: 12, sm: 6 }}>{children}</Grid>;

/**
 * A text field of the form. Typing clears its mark; a password showing the six dots selects
 * them at focus, so a new password is typed from scratch.
 */
function Texto(props: {
  name: 'username' | 'nombre' | 'password' | 'confirmacion' | 'phoneNumber' | 'maxRecargas';
  label: string;
  deshabilitado: boolean;
  tipo?: 'password' | 'number';
  htmlInput: Record<string, unknown>;
}) {
  const { control, clearErrors } = useFormContext<FormularioUsuario>();
  return (
    <Celda>
      <Controller
        name={props.name}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            fullWidth
            type={props.tipo}
            name={props.name}
            label={props.label}
            value={field.value}
            inputRef={field.ref}
            onChange={(e) => {
              field.onChange(e.target.value);
              clearErrors(props.name);
            }}
            onFocus={(e) =>
              props.tipo === 'password' && field.value === PASSWORD_SIN_CAMBIO && e.target.select()
            }
            error={Boolean(fieldState.error)}
            disabled={props.deshabilitado}
            slotProps={{ htmlInput: props.htmlInput }}
          />
        )}
      />
    </Celda>
  );
}

const CLAVE_NUEVA = { maxLength: LIMITES_USUARIO.password, autoComplete: 'new-password' };
/** The password and its confirmation. */
const CLAVES = [
  ['password', M.contrasena],
  ['confirmacion', M.confirmarContrasena],
] as const;

/**
 * The user's type, its leader and, for a client under a leader, its client (spec section 6). A
 * new type or leader clears the client: it belonged to the one before.
 */
function CamposJerarquia({ sesion, editable }: { sesion: Sesion; editable: boolean }) {
  const { control, setValue, clearErrors, formState } = useFormContext<FormularioUsuario>();
  const [nivel, lider, cliente] = useWatch({ control, name: ['nivel', 'lider', 'cliente'] });
  const tipos = tiposPara(sesion);
  const nivelesMostrados = tipos.some((t) => t.nivel === nivel)
    ? tipos
    : [...tipos, { nivel, nombre: NOMBRE_NIVEL[nivel] ?? String(nivel) }];
  const conLider = lider !== null && lider.id !== SIN_LIDER;
  const cambiar = <C extends Campo>(
    campo: C,
    valor: PathValue<FormularioUsuario, C>,
    limpia: Campo[] = [],
  ) => {
    setValue(campo, valor);
    clearErrors([campo, ...limpia]);
  };
  const marcado = (c: Campo) => Boolean(formState.errors[c as keyof FormularioUsuario]);
  return (
    <>
      <Celda>
        <Seleccion
          name="nivel"
          label={M.tipoUsuario}
          value={nivel}
          onChange={(e) => {
            cambiar('nivel', Number(e.target.value), ['cliente']);
            setValue('cliente', null);
          }}
          disabled={!editable || tipos.length < 2}
          opciones={nivelesMostrados.map((t) => ({ valor: t.nivel, texto: t.nombre }))}
        />
      </Celda>
      <Celda>
        <SelectorPaginado<RespuestaLideres>
          ruta={API_USUARIOS.lideres}
          parametros={{ limit: POR_PAGINA.lideres }}
          opciones={(p) => p.lideres.map((l) => ({ id: l.id, nombre: l.lider }))}
          // 'Sin lider' is for administrators only (spec section 6).
          fijas={esAdmin(sesion) ? [{ id: SIN_LIDER, nombre: M.sinLider }] : []}
          valor={lider}
          alCambiar={(o) => {
            cambiar('lider', o, ['cliente']);
            setValue('cliente', null);
          }}
          etiqueta={M.colLider}
          name="lider"
          error={marcado('lider')}
          deshabilitado={!editable || !esAdmin(sesion)}
        />
      </Celda>
      {/* The client choice shows when a leader is chosen and the type is Cliente (spec section 6). */}
      {conLider && nivel === NIVEL.cliente && (
        <Celda>
          <SelectorPaginado<RespuestaClientes>
            key={lider.id}
            ruta={API_USUARIOS.clientes}
            parametros={{ lider: lider.id, limit: POR_PAGINA.lideres }}
            opciones={(p) => p.clientes.map((c) => ({ id: c.id, nombre: c.cliente }))}
            valor={cliente}
            alCambiar={(o) => cambiar('cliente', o)}
            etiqueta={M.colCliente}
            name="cliente"
            error={marcado('cliente')}
            ayuda={editable ? M.clienteNuevoAyuda : undefined}
            crear={(nombre) => texto('crearCliente', { nombre })}
            deshabilitado={!editable}
          />
        </Celda>
      )}
    </>
  );
}

/** The fields of the user form (spec section 4), in its order. */
export function CamposUsuario({
  sesion,
  editable,
  consultando,
}: {
  sesion: Sesion;
  editable: boolean;
  consultando: boolean;
}) {
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Texto
        name="username"
        label={M.usuario}
        // The username is fixed once registered (POST /editarUsuario does not take it).
        deshabilitado={!editable || consultando}
        htmlInput={{ maxLength: LIMITES_USUARIO.username, autoComplete: 'off' }}
      />
      <Texto
        name="nombre"
        label={M.colNombre}
        deshabilitado={!editable}
        htmlInput={{ maxLength: LIMITES_USUARIO.nombre }}
      />
      {CLAVES.map(([name, label]) => (
        <Texto
          key={name}
          name={name}
          tipo="password"
          label={label}
          deshabilitado={!editable}
          htmlInput={CLAVE_NUEVA}
        />
      ))}
      <CamposJerarquia sesion={sesion} editable={editable} />
      <Texto
        name="phoneNumber"
        label={M.colTelefono}
        deshabilitado={!editable}
        htmlInput={{ maxLength: LIMITES_USUARIO.telefono, inputMode: 'tel' }}
      />
      <Texto
        name="maxRecargas"
        tipo="number"
        label={M.colMaxRecargas}
        deshabilitado={!editable}
        htmlInput={{ min: LIMITES_USUARIO.maxRecargasMin, max: LIMITES_USUARIO.maxRecargasMax, step: 1 }}
      />
    </Grid>
  );
}
