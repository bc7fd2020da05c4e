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
import { type FormEvent, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useEmpresaPublica } from '../../lib/empresaPublica.ts';
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

function FormularioPublico({ empresa }: { empresa: string }) {
  const [numero, setNumero] = useState<N.Numero>(N.NUMERO_VACIO);
  const [compania, setCompania] = useState<Carrier | ''>('');
  const [errores, setErrores] = useState<N.Errores & { compania?: string }>({});
  const [mensaje, setMensaje] = useState('');
  const { recargar, recargando, resultado, olvidarClave } = useRecarga();

  const enviar = async (evento: FormEvent) => {
    evento.preventDefault();
    const e: typeof errores = N.validarNumero(numero, false);
    if (!compania) e.compania = M.recargaFaltanDatos;
    setErrores(e);
    setMensaje(Object.values(e)[0] ?? '');
    if (Object.keys(e).length > 0 || !compania) return;
    if (await recargar(rutaSinUsuario(empresa), { ...N.numeroParaEnviar(numero, false), compania }))
      setNumero({ ...N.NUMERO_VACIO, modo: numero.modo });
  };

  return (
    <Stack spacing={2} sx={{ m: 'auto', mt: 4, maxWidth: 480 }}>
      <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 3, position: 'relative' }}>
        {recargando && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <Stack spacing={1}>
          <N.CamposNumero
            valor={numero}
            errores={errores}
            conDn={false}
            alCambiar={(n) => {
              olvidarClave();
              setNumero(n);
            }}
          />
          <N.CampoCompania
            valor={compania}
            error={errores.compania}
            alCambiar={(c) => {
              olvidarClave();
              setCompania(c);
            }}
          />
          <Typography role="alert" color="error" minHeight="1.5em">
            {mensaje}
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
