/**
 * The product's areas (issue 19): each has one Spanish name in every layer, contracts/<area>.ts,
 * the server's modules/<area>/, the web's features/<area>/ and the test files
 * (test/areas.test.ts checks it). Screen routes keep the seed's spelling; menu.ts maps them here.
 */
export const AREAS = [
  'auth',
  'empresas',
  'usuarios',
  'recargas',
  'saldos',
  'lineas',
  'subidas',
  'excel',
  'masivas',
  'reciclaje',
  'reportes',
  'portabilidades',
  'carriers',
  'actualizaciones',
  'notificaciones',
  'integraciones',
  'auditoria',
  'conciliaciones',
] as const;

export type Area = (typeof AREAS)[number];
