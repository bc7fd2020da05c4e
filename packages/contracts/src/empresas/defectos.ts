import { MONTOS } from '../recargas/reglas.ts';

/** Theme defaults of spec section 3. */
export const TEMA_POR_DEFECTO = {
  primaryColor: '#408080',
  darkenColor: '#408080',
  accentColor: '#408080',
  backgroundColor: '#ffffff',
  fontColor: '#000000',
  izquierdoLogin: 'offset-l3',
  hideNav: '0',
} as const;

/**
 * The defaults of every company setting (`ajustesEmpresa` in empresas.ts takes them from here),
 * apart from its schema so that the shell completes a stored session's settings without zod
 * (issue 21: zod's code and schemas are a large part of a phone's work on /in/recargas).
 */
export const AJUSTES_POR_DEFECTO = {
  programacion: false,
  columnaExtraMasivas: false,
  ocultarMontoNoAdmin: false,
  usuariosDesbloqueo: [] as string[],
  topeRecargasClientes: null as number | null,
  rangoVentasExento: false,
  politicaVentas: { rangoMaxDias: 93, antiguedadMaxDias: 400 },
  contactoVentas: null as { email: string; telefono: string } | null,
  graficasMeses: 12,
  reporteReducido: false,
  columnasExtraLineas: [] as ('fechaEntrega' | 'producto' | 'fechaPortada')[],
  enviarMonto: true,
  montos: [...MONTOS] as number[],
  montoPorDefecto: 30,
  activaciones: false,
  reciclaje: false,
  quienesSomos: null as { vision: string; mision: string } | null,
  videoFondo: null as string | null,
  zonaHoraria: 'America/Mexico_City' as string,
};
