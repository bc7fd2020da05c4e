import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { PASO } from '@recargas/contracts/auth/rutas';
import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { MENSAJES_GENERALES as M } from '@recargas/contracts/mensajes/generales';
import { useId } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useEmpresaPublica } from '../../lib/empresaPublica.ts';
import { leerDatosSesion } from '../../lib/sesionGuardada.ts';
import { useLogin } from './useLogin.ts';

/**
 * Route /:empresa. The company theme is fetched and applied before the form renders. A live
 * session goes on to its screens, unless a refused screen sent it here (the reason in `motivo`).
 * /in picks the first screen: the menu's rules and the whole catalogue stay out of this
 * download, which imports the catalogue's general part only (issue 21).
 */
export function Login() {
  const { empresa = '' } = useParams();
  const { datos, tema } = useEmpresaPublica(empresa);
  const motivo = (useLocation().state as { motivo?: string } | null)?.motivo ?? '';
  const sesion = leerDatosSesion();
  if (sesion && datos && sesion.empresa === datos.empresa && !motivo) {
    return <Navigate to="/in" replace />;
  }
  if (!datos || !tema) return <LinearProgress aria-label={M.cargando} />;
  return (
    <ThemeProvider theme={tema}>
      <PantallaLogin empresa={datos} motivo={motivo} />
    </ThemeProvider>
  );
}

/** 'offset-lN' (a 12-column grid offset) places the card on wide screens. */
const desplazamiento = (clase: string) => {
  const n = Number(/offset-l(\d+)/.exec(clase)?.[1] ?? 3);
  return `${(Math.min(n, 6) / 12) * 100}%`;
};

function Fondo({ empresa }: { empresa: EmpresaPublica }) {
  if (empresa.videoFondo) {
    return (
      <Box
        component="video"
        src={empresa.videoFondo}
        autoPlay
        muted
        loop
        playsInline
        sx={{ position: 'fixed', inset: 0, width: '100%', height: '100%', objectFit: 'cover', zIndex: -1 }}
      />
    );
  }
  return null;
}

/**
 * An outlined field with its label, as TextField draws it, without TextField's select mode: that
 * would bring the menu and popover code into the login's download (issue 21).
 */
function Campo({ label, required, ...entrada }: OutlinedInputProps & { label: string }) {
  const id = useId();
  return (
    <FormControl required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} {...entrada} />
    </FormControl>
  );
}

type Login = ReturnType<typeof useLogin>;

function PantallaLogin({ empresa, motivo }: { empresa: EmpresaPublica; motivo: string }) {
  const login = useLogin(empresa.empresa, motivo);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: 'background.default',
        color: 'text.primary',
        backgroundImage: empresa.imagenFondo ? `url(${empresa.imagenFondo})` : undefined,
        backgroundSize: 'cover',
        py: { xs: 2, md: 8 },
        px: 2,
      }}
    >
      <Fondo empresa={empresa} />
      {login.enviando && <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} />}
      <Paper
        sx={{
          width: { xs: '100%', md: '50%' },
          maxWidth: 560,
          ml: { xs: 0, md: desplazamiento(empresa.izquierdoLogin) },
          overflow: 'hidden',
        }}
        elevation={4}
      >
        <Box sx={{ p: 2, pb: 3 }}>
          {/* Box and Button, not Stack and Link: two fewer components in the download (issue 21). */}
          <Box
            component="form"
            sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
            onSubmit={login.enviar}
            noValidate
          >
            {empresa.image ? (
              <Box
                component="img"
                src={empresa.image}
                alt={empresa.nombre}
                sx={{ maxHeight: 96, objectFit: 'contain' }}
              />
            ) : (
              <Typography variant="h5" component="h1" color="primary" textAlign="center">
                {empresa.nombre}
              </Typography>
            )}
            <CamposPaso login={login} />
            <Typography data-testid="login-mensaje" role="alert" color="error" minHeight="1.5em">
              {login.mensaje}
            </Typography>
            <BotonPaso login={login} />
          </Box>
        </Box>
      </Paper>
      {empresa.quienesSomos && <QuienesSomos {...empresa.quienesSomos} />}
    </Box>
  );
}

/** The step's fields: user and password; the QR to scan; or the code, with a way to a new QR. */
function CamposPaso({ login }: { login: Login }) {
  const { paso, qr, campos } = login;
  return (
    <>
      {paso === PASO.normal && (
        <>
          <Campo
            name="username"
            label={M.usuario}
            autoComplete="username"
            value={campos.username}
            onChange={(e) => campos.setUsername(e.target.value)}
            slotProps={{ input: { maxLength: 50 } }}
            autoFocus
            required
          />
          <Campo
            name="password"
            type="password"
            label={M.contrasena}
            autoComplete="current-password"
            value={campos.password}
            onChange={(e) => campos.setPassword(e.target.value)}
            required
          />
        </>
      )}
      {paso === PASO.configurar && qr && (
        <Box component="img" src={qr} alt="QR" sx={{ width: 200, height: 200, alignSelf: 'center' }} />
      )}
      {(paso === PASO.codigoNuevo || paso === PASO.codigo) && (
        <Campo
          name="code"
          label={M.codigoVerificacion}
          value={campos.code}
          onChange={(e) => campos.setCode(e.target.value.replace(/\D/g, ''))}
          slotProps={{ input: { inputMode: 'numeric', maxLength: 6 } }}
          autoComplete="one-time-code"
          autoFocus
        />
      )}
      {paso === PASO.codigoNuevo && (
        <Button
          variant="text"
          onClick={login.nuevoQr}
          data-testid="login-nuevo-qr"
          sx={{ alignSelf: 'flex-start', textDecoration: 'underline' }}
        >
          {M.qrNoEscaneado}
        </Button>
      )}
    </>
  );
}

/**
 * Siguiente after the QR, else the submit button. Two keys, two elements: the same one turned
 * into the submit button while its click was still under way sent an empty code (issue 41).
 */
function BotonPaso({ login }: { login: Login }) {
  if (login.paso === PASO.configurar) {
    return (
      <Button key="siguiente" variant="contained" size="large" onClick={login.siguiente}>
        {M.siguiente}
      </Button>
    );
  }
  return (
    <Button
      key="enviar"
      data-testid="login-submit"
      type="submit"
      variant="contained"
      size="large"
      disabled={login.enviando}
    >
      {login.paso === PASO.normal ? M.iniciarSesion : M.enviar}
    </Button>
  );
}

/** The company's vision and mission, under the login. */
function QuienesSomos({ vision, mision }: { vision: string; mision: string }) {
  return (
    <Paper sx={{ mt: 3, mx: 'auto', maxWidth: 800, overflow: 'hidden' }}>
      <Box sx={{ p: 2, pb: 3 }}>
        <Typography variant="h6" component="h2">
          {M.quienesSomos}
        </Typography>
        <Typography variant="subtitle1">{M.vision}</Typography>
        <Typography paragraph>{vision}</Typography>
        <Typography variant="subtitle1">{M.mision}</Typography>
        <Typography>{mision}</Typography>
      </Box>
    </Paper>
  );
}
