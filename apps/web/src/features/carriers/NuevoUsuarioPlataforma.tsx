import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITES_PLATAFORMA } from '@recargas/contracts/carriers';
import { M } from '@recargas/contracts/mensajes';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../lib/avisar.ts';
import { deCampo } from '../../lib/formularios.ts';
import { usePlataformas, useRegistrarUsuarioPlataforma } from './api.ts';

/** The two text fields of the form, with their labels. */
const TEXTOS = [
  ['username', M.username],
  ['canal', M.canalOperador],
] as const;

type Campos = { username: string; canal: string; plataforma: string };

/** The rules checked on Registrar, in the order their message shows; the server checks them again. */
const REGLAS = {
  username: { validate: (v: string) => v.trim() !== '' || M.debesUsername },
  canal: {},
  plataforma: { validate: (v: string) => v !== '' || M.debesPlataforma },
};

/** /in/nuevoUsuarioPlataforma: 'Registrar nuevo usuario' of a platform (spec sections 2 and 5). */
export function NuevoUsuarioPlataforma() {
  const navegar = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  // Validated on Registrar only: its message stays until the next Registrar, as the server's does.
  const { control, handleSubmit, setError, formState } = useForm<Campos>({
    defaultValues: { username: '', canal: '', plataforma: '' },
    reValidateMode: 'onSubmit',
  });
  const registrar = useRegistrarUsuarioPlataforma({
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      navegar('/in/recargasCarier');
    },
    onError: (e) => setError('root.servidor', { message: e.message || M.errorInesperado }),
  });
  const enviar = handleSubmit((f) =>
    registrar.mutate({
      username: f.username.trim(),
      canal: f.canal.trim(),
      plataforma: Number(f.plataforma),
    }),
  );
  const { errors } = formState;
  const error = errors.username?.message ?? errors.plataforma?.message ?? errors.root?.servidor?.message;

  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, maxWidth: 480 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.registrarNuevoUsuario}
      </Typography>
      <Stack spacing={2}>
        {TEXTOS.map(([campo, etiqueta]) => (
          <Controller
            key={campo}
            name={campo}
            control={control}
            rules={REGLAS[campo]}
            render={({ field }) => (
              <TextField
                name={campo}
                label={etiqueta}
                {...deCampo(field)}
                slotProps={{ htmlInput: { maxLength: LIMITES_PLATAFORMA[campo] } }}
              />
            )}
          />
        ))}
        <CampoPlataforma control={control} />
        {error && (
          <Typography color="error" role="alert" data-testid="error-registro">
            {error}
          </Typography>
        )}
        <Button type="submit" variant="contained" disabled={registrar.isPending}>
          {M.registrar}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The platform the new user belongs to, chosen among the company's platforms. */
function CampoPlataforma({ control }: { control: Control<Campos> }) {
  const plataformas = usePlataformas();
  return (
    <Controller
      name="plataforma"
      control={control}
      rules={REGLAS.plataforma}
      render={({ field }) => (
        <TextField
          select
          name="plataforma"
          label={M.plataforma}
          {...deCampo(field)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="" disabled>
            <em>{M.seleccionaPlataforma}</em>
          </MenuItem>
          {plataformas.data?.empresas.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.nombre}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
