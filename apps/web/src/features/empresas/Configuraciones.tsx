import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Ajuste,
  type CambioAuditado,
  COLORES,
  type Color,
  esColor,
  FUNCIONES,
  legible,
  TITULOS_AJUSTE,
  type Configuraciones as Valores,
} from '@recargas/contracts/empresas';
import { M, texto } from '@recargas/contracts/mensajes';
import { type ReactNode, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ErrorApi } from '../../lib/api.ts';
import { useSnackbar } from '../../lib/avisar.ts';
import { useEmpresa } from '../../lib/empresa.ts';
import { fechaHoraEmpresa } from '../../lib/fechas.ts';
import { useSesion } from '../../lib/sesion.ts';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';
import { TituloPanel } from '../../ui/TituloPanel.tsx';
import { useAuditoria, useConfiguraciones, useGuardarConfiguraciones } from './api.ts';
import {
  type Campos,
  Colores,
  ElegirLogo,
  Funciones,
  type Logo,
  VistaPrevia,
} from './CamposConfiguracion.tsx';

/** /in/configuraciones: the company's colours (with a live preview), logo and features, and who changed them. */
export function Configuraciones() {
  const { data } = useConfiguraciones();
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {M.configuraciones}
      </Typography>
      {/* The form appears once the saved settings are here, so a late answer never overwrites editing. */}
      {data ? <Formulario guardadas={data} /> : <LinearProgress />}
      <Historial />
    </Stack>
  );
}

const de = <K extends keyof Valores>(v: Valores, claves: readonly K[]) =>
  Object.fromEntries(claves.map((k) => [k, v[k]])) as Pick<Valores, K>;

/**
 * What the form's values say against the saved ones: the preview takes every valid colour typed
 * so far, and the saved one while a colour is half typed; the changes are what differs.
 */
function revisar(valores: Campos, guardadas: Valores) {
  const vista = Object.fromEntries(
    COLORES.map((c) => [c, esColor(valores[c]) ? valores[c].toLowerCase() : guardadas[c]]),
  ) as Record<Color, string>;
  const cambios = {
    ...Object.fromEntries(COLORES.filter((c) => vista[c] !== guardadas[c]).map((c) => [c, vista[c]])),
    ...Object.fromEntries(FUNCIONES.filter((f) => valores[f] !== guardadas[f]).map((f) => [f, valores[f]])),
  };
  return { vista, cambios, validos: COLORES.every((c) => esColor(valores[c])), leible: legible(vista) };
}

/** A part of the form under its heading. */
const Seccion = ({ titulo, md = 12, children }: { titulo: string; md?: number; children: ReactNode }) => (
  <Grid size={{ xs: 12, md }}>
    <TituloPanel>{titulo}</TituloPanel>
    {children}
  </Grid>
);

function Formulario({ guardadas }: { guardadas: Valores }) {
  const sesion = useSesion();
  const nombre = useEmpresa(sesion.empresa).data?.nombre ?? sesion.empresa;
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<Campos>({ defaultValues: de(guardadas, [...COLORES, ...FUNCIONES]) });
  const { vista, cambios, validos, leible } = revisar(
    useWatch({ control: form.control }) as Campos,
    guardadas,
  );
  const [logo, setLogo] = useState<Logo | null>(null);
  const hayCambios = Object.keys(cambios).length > 0 || logo !== null;
  const guardar = useGuardarConfiguraciones(sesion.empresa, {
    onSuccess: (r) => {
      if (r) enqueueSnackbar(r.mensaje, { variant: 'success' });
      setLogo(null);
    },
    onError: (e) =>
      enqueueSnackbar(e instanceof ErrorApi && e.status > 0 ? e.message : M.errorConfiguracion, {
        variant: 'error',
      }),
  });
  const enviar = form.handleSubmit(() => {
    if (hayCambios && validos && leible) guardar.mutate({ cambios, logo: logo?.archivo ?? null });
  });
  const logoVista = logo?.vista ?? guardadas.image;

  return (
    <FormProvider {...form}>
      <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2 }}>
        <Grid container spacing={3}>
          <Seccion titulo={M.colores} md={6}>
            <Colores leible={leible} />
          </Seccion>
          <Seccion titulo={M.vistaPrevia} md={6}>
            <VistaPrevia colores={vista} logo={logoVista} nombre={nombre} />
          </Seccion>
          <Seccion titulo={M.logo}>
            <ElegirLogo logo={logo} vista={logoVista} alElegir={setLogo} />
          </Seccion>
          <Seccion titulo={M.funciones}>
            <Funciones />
          </Seccion>
          <Grid size={12}>
            <Button
              type="submit"
              variant="contained"
              disabled={!hayCambios || !validos || !leible || guardar.isPending}
            >
              {M.guardar}
            </Button>
          </Grid>
        </Grid>
      </Paper>
    </FormProvider>
  );
}

/** A value of the history: Sí/No for a feature, a swatch for a colour, 'Sin logo' for no logo. */
function Valor({ v }: { v: CambioAuditado['nuevo'] }) {
  if (typeof v === 'boolean') return v ? M.si : M.no;
  if (v === null) return M.sinLogo;
  if (esColor(v)) {
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <Box sx={{ width: 16, height: 16, bgcolor: v, border: 1, borderColor: 'divider', flexShrink: 0 }} />
        <span>{v}</span>
      </Stack>
    );
  }
  return (
    <Box component="span" sx={{ wordBreak: 'break-all' }}>
      {v}
    </Box>
  );
}

const COLUMNAS: readonly Columna<CambioAuditado>[] = [
  { llave: 'fecha', valor: M.fecha, celda: (f) => fechaHoraEmpresa(f.fecha) },
  { llave: 'usuario', valor: M.colUsuario },
  { llave: 'ajuste', valor: M.colAjuste, celda: (f) => TITULOS_AJUSTE[f.ajuste as Ajuste] ?? f.ajuste },
  { llave: 'anterior', valor: M.colAnterior, celda: (f) => <Valor v={f.anterior} /> },
  { llave: 'nuevo', valor: M.colNuevo, celda: (f) => <Valor v={f.nuevo} /> },
];

/** The company's settings changes, newest first, 20 rows a step. */
function Historial() {
  const lista = useAuditoria();
  return (
    <Paper sx={{ p: 2 }}>
      <ListaConChips
        seccion
        titulo={M.historialCambios}
        total={lista.total === null ? null : { texto: texto('registros', { n: lista.total }) }}
        lista={lista}
        columnas={COLUMNAS}
        clave={(f) => f.id}
        testId="tabla-auditoria"
      />
    </Paper>
  );
}
