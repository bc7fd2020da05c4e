import type { AjustesEmpresa } from '@recargas/contracts/empresas';

interface EmpresaSemilla {
  codigo: string;
  nombre: string;
  colores: [primary: string, darken: string, accent: string];
  hosts: string[];
  recargaSinUsuario?: boolean;
  ajustes?: Partial<AjustesEmpresa>;
  alerta?: string;
}

/** The demo sales contact of a seeded company (ajustes.contactoVentas). */
export const contactoDe = (codigo: string) => ({ email: `ventas@${codigo}.mx`, telefono: '55 1234 5678' });

/**
 * The companies the spec names, each with its own theme and the behaviour the spec ties to it,
 * as data. The same rows in every fresh database.
 */
export const EMPRESAS: EmpresaSemilla[] = [
  {
    codigo: 'demo',
    nombre: 'Recargas Demo',
    colores: ['#408080', '#2d5a5a', '#408080'],
    hosts: ['localhost', '127.0.0.1', 'demo'],
    recargaSinUsuario: true,
    ajustes: { reciclaje: true, activaciones: true },
    alerta: 'Bienvenido al portal de demostración: los datos se reinician con cada instalación.',
  },
  {
    codigo: 'tonodigital',
    nombre: 'Tono Digital',
    colores: ['#1565c0', '#0d47a1', '#ffb300'],
    hosts: ['tonodigital', 'tono'],
    ajustes: { usuariosDesbloqueo: ['admin', 'soporte', 'operaciones'] },
  },
  {
    codigo: 'gmcel',
    nombre: 'GM Cel',
    colores: ['#c62828', '#8e0000', '#ffca28'],
    hosts: ['gmcel'],
    ajustes: { usuariosDesbloqueo: ['admin', 'soporte', 'operaciones'] },
  },
  {
    codigo: 'gsmoviles',
    nombre: 'GS Móviles',
    colores: ['#2e7d32', '#1b5e20', '#ff7043'],
    hosts: ['gsmoviles'],
    ajustes: { topeRecargasClientes: 5 },
  },
  {
    codigo: 'teletrial',
    nombre: 'Teletrial',
    colores: ['#6a1b9a', '#38006b', '#26c6da'],
    hosts: ['teletrial'],
    ajustes: { topeRecargasClientes: 5 },
  },
  {
    codigo: 'vcell',
    nombre: 'VCell',
    colores: ['#ef6c00', '#b53d00', '#5c6bc0'],
    hosts: ['vcell'],
    ajustes: { programacion: true, columnaExtraMasivas: true },
  },
  {
    codigo: 'tgmex',
    nombre: 'TG México',
    colores: ['#00838f', '#005662', '#d81b60'],
    hosts: ['tgmex'],
    ajustes: { ocultarMontoNoAdmin: true, reporteReducido: true },
  },
  {
    codigo: 'discovery',
    nombre: 'Discovery',
    colores: ['#283593', '#001064', '#00bfa5'],
    hosts: ['discovery'],
    ajustes: {
      rangoVentasExento: true,
      quienesSomos: {
        vision: 'Ser la red de recargas más confiable de México.',
        mision: 'Dar a cada punto de venta recargas al instante, sin fallas y con soporte cercano.',
      },
    },
  },
  {
    codigo: 'bisvi',
    nombre: 'Bisvi',
    colores: ['#ad1457', '#78002e', '#7cb342'],
    hosts: ['bisvi'],
    ajustes: { columnasExtraLineas: ['fechaEntrega', 'producto', 'fechaPortada'] },
  },
];
