import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Carrier } from '@recargas/contracts/carriers/nombres';
import { M } from '@recargas/contracts/mensajes';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useParams } from 'react-router';
import { useEmpresaPublica } from '../../lib/empresaPublica.ts';
import { mensajes, resolverDe } from '../../lib/formularios.ts';
import { rutaSinUsuario } from './api.ts';
import * as N from './CamposNumero.tsx';
import { PanelResultado } from './PanelResultado.tsx';
import { useRecarga } from './useRecarga.ts';

/**
 * /:empresa/recargasUsuario: the public top-up of companies that allow it. A company that does
 * not goes to its login; an unknown one shows the error and goes to sinEmpresa (spec section 2).
 */
export function RecargaSinUsuario() {
  const { empresa = '' } = useParams();
  const { datos, tema } = useEmpresaPublica(empresa);
  if (!datos || !tema) return <LinearProgress aria-label={M.cargando} />;
  if (!datos.recargaSinUsuario) return <Navigate to={`/${empresa}`} replace />;
  return (
    <ThemeProvider theme={tema}>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
        {datos.hideNav === '0' && (
          <AppBar position="static">
            <Toolbar>
              {datos.image ? (
                <Box component="img" src={datos.image} alt={datos.nombre} sx={{ maxHeight: 40 }} />
              ) : (
                <Typography variant="h6">{datos.nombre}</Typography>
              )}
            </Toolbar>
          </AppBar>
        )}
        <FormularioPublico empresa={datos.empresa} />
      </Box>
    </ThemeProvider>
  );
}

/** The public form: the number's fields and the carrier. */
type Publico = N.Numero & { compania: Carrier | '' };
const VACIO: Publico = { ...N.NUMERO_VACIO, compania: '' };

/** The rules checked on Recargar, the first message shown under the form; the server checks them again. */
function validar(f: Publico): N.Errores & { compania?: string } {
  const e: N.Errores & { compania?: string } = N.validarNumero(f, false);
  if (!f.compania) e.compania = M.recargaFaltanDatos;
  return e;
}

/**
 * Validated on Recargar only, its errors kept until the next Recargar; any change forgets the
 * Idempotency-Key (a different top-up); a top-up that went out clears the number but its mode.
 */
function FormularioPublico({ empresa }: { empresa: string }) {
  const form = useForm<Publico>({
    defaultValues: VACIO,
    resolver: resolverDe(validar),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const f = useWatch({ control: form.control }) as Publico;
  const errores = mensajes(form.formState.errors);
  const { recargar, recargando, resultado, olvidarClave } = useRecarga();
  const cambiar = (parcial: Partial<Publico>) => {
    olvidarClave();
    for (const [k, v] of Object.entries(parcial)) form.setValue(k as keyof Publico, v);
  };
  const enviar = form.handleSubmit(async (v) => {
    if (!v.compania) return;
    if (await recargar(rutaSinUsuario(empresa), { ...N.numeroParaEnviar(v, false), compania: v.compania }))
      form.reset({ ...VACIO, modo: v.modo, compania: v.compania });
  });
  return (
    <Stack spacing={2} sx={{ m: 'auto', mt: 4, maxWidth: 480 }}>
      <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 3, position: 'relative' }}>
        {recargando && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <Stack spacing={1}>
          <N.CamposNumero
            valor={{ modo: f.modo, icc: f.icc, icc2: f.icc2, dn: f.dn, dn2: f.dn2 }}
            errores={errores}
            conDn={false}
            alCambiar={cambiar}
          />
          <N.CampoCompania
            valor={f.compania}
            error={errores.compania}
            alCambiar={(c) => cambiar({ compania: c })}
          />
          <Typography role="alert" color="error" minHeight="1.5em">
            {Object.values(errores)[0] ?? ''}
          </Typography>
          <Button type="submit" variant="contained" size="large" aria-busy={recargando}>
            {M.recargar}
          </Button>
        </Stack>
      </Paper>
      <PanelResultado resultado={resultado} />
    </Stack>
  );
}
