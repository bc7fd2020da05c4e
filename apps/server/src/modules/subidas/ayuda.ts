import { M } from '@recargas/contracts/mensajes';
import type ExcelJS from 'exceljs';

/** What the templates' second sheet says of a column, and the value of the example row. */
interface Ayuda {
  obligatoria: boolean;
  formato: string;
  ejemplo: string;
}

const lineas: Record<string, Ayuda> = {
  ICC: { obligatoria: true, formato: M.formatoIcc, ejemplo: '8952140000000000001' },
  DN: { obligatoria: false, formato: M.formatoDn, ejemplo: '5512345678' },
  COMPANIA: { obligatoria: true, formato: M.formatoCompania, ejemplo: 'Telcel' },
  MONTO: { obligatoria: false, formato: M.formatoMonto, ejemplo: '50' },
  LIDER: { obligatoria: false, formato: M.formatoLiderLinea, ejemplo: '' },
  CLIENTE: { obligatoria: false, formato: M.formatoClienteLinea, ejemplo: '' },
  NIR: { obligatoria: false, formato: M.formatoNir, ejemplo: '' },
  FECHA_ENTREGA: { obligatoria: false, formato: M.formatoFecha, ejemplo: '2026/01/15' },
  PRODUCTO: { obligatoria: false, formato: M.formatoTexto100, ejemplo: 'Chip 5G' },
  FECHA_PORTADA: { obligatoria: false, formato: M.formatoFecha, ejemplo: '' },
};

/** Per template kind (plantillas.ts PLANTILLAS): the same column may mean another thing. */
export const AYUDA: Record<'lineas' | 'portabilidades' | 'usuarios', Record<string, Ayuda>> = {
  lineas,
  portabilidades: {
    ICC: lineas.ICC as Ayuda,
    LIDER: { obligatoria: false, formato: M.formatoTexto100, ejemplo: '' },
    CLIENTE: { obligatoria: false, formato: M.formatoTexto100, ejemplo: '' },
    INTER: { obligatoria: false, formato: M.formatoInter, ejemplo: '' },
    DN_ORIGEN: { obligatoria: false, formato: M.formatoDnOrigen, ejemplo: '5587654321' },
    COMPANIA_ORIGEN: { obligatoria: false, formato: M.formatoCompania, ejemplo: 'AT&T' },
    NIP: { obligatoria: false, formato: M.formatoNip, ejemplo: '1234' },
    MONTO_RECARGA: { obligatoria: false, formato: M.formatoMonto, ejemplo: '50' },
  },
  usuarios: {
    USERNAME: { obligatoria: true, formato: M.formatoUsername, ejemplo: 'vendedor1' },
    NOMBRE: { obligatoria: true, formato: M.formatoTexto100, ejemplo: 'Vendedor Uno' },
    PASSWORD: { obligatoria: true, formato: M.formatoPassword, ejemplo: 'Clave.2026' },
    NIVEL: { obligatoria: true, formato: M.formatoNivel, ejemplo: '2' },
    LIDER: { obligatoria: false, formato: M.formatoLiderUsuario, ejemplo: 'Lider Nuevo' },
    CLIENTE: { obligatoria: false, formato: M.formatoClienteUsuario, ejemplo: '' },
    TELEFONO: { obligatoria: false, formato: M.formatoTelefono, ejemplo: '5512345678' },
    MAX_RECARGAS: { obligatoria: false, formato: M.formatoMaxRecargas, ejemplo: '10' },
  },
};

/**
 * Fills a template: one example row under the headers, and a second sheet explaining each
 * column (required, format, example), so a user can fill it in without asking.
 */
export function explicar(libro: ExcelJS.Workbook, hoja: ExcelJS.Worksheet, ayuda: Record<string, Ayuda>) {
  const columnas = hoja.columns.map((c) => String(c.key));
  hoja.addRow(columnas.map((c) => ayuda[c]?.ejemplo ?? ''));
  const instrucciones = libro.addWorksheet(M.hojaInstrucciones);
  instrucciones.columns = [
    { header: M.instruccionesColumna, width: 18 },
    { header: M.instruccionesObligatoria, width: 12 },
    { header: M.instruccionesFormato, width: 70 },
    { header: M.instruccionesEjemplo, width: 22, style: { numFmt: '@' } },
  ];
  instrucciones.getRow(1).font = { bold: true };
  for (const c of columnas) {
    const a = ayuda[c];
    if (a) instrucciones.addRow([c, a.obligatoria ? M.si : M.no, a.formato, a.ejemplo]);
  }
  instrucciones.addRow([]);
  instrucciones.addRow([M.instruccionesFilaEjemplo]);
}
