/** Upload screen: its progress and the templates' explanation sheet (issue 18). */
export const MENSAJES_SUBIDAS = {
  /** (propio) */ etapaLeyendo: 'Leyendo el archivo',
  /** (propio) */ etapaValidando: 'Validando filas',
  /** (propio) */ etapaEscribiendo: 'Guardando filas',
  /** (propio) */ etapaTerminada: 'Terminado',
  /** (propio) */ avanceSubida: '{etapa}: {porcentaje} %',
  /** (propio) the result's filter: only the rows with a wrong cell */ soloErrores: 'Solo errores',
  /** (propio) */ descargarRechazadas: 'Descargar filas rechazadas (.xlsx)',
  /** (propio) the rejected rows file's last column */ colErrorSubida: 'ERROR',
  /** (propio) a wrong cell by its address, e.g. 'E3: Monto no permitido' */ errorEnCelda:
    '{celda}: {mensaje}',
  /** (propio) the rejected rows file's sheet */ hojaRechazadas: 'Rechazadas',
  /** (propio) action 7 */ clienteSinLider: 'Un cliente (nivel 3) necesita su líder',
  /** (propio) */ hojaInstrucciones: 'Instrucciones',
  /** (propio) */ instruccionesColumna: 'Columna',
  /** (propio) */ instruccionesObligatoria: 'Obligatoria',
  /** (propio) */ instruccionesFormato: 'Formato',
  /** (propio) */ instruccionesEjemplo: 'Ejemplo',
  /** (propio) */ instruccionesFilaEjemplo:
    'La fila 2 de la primera hoja es un ejemplo: reemplázala por tus datos antes de subir el archivo.',
  /** (propio) */ formatoIcc: '19 dígitos, escritos como texto',
  /** (propio) */ formatoDn: '10 dígitos (menos si lleva NIR), escritos como texto',
  /** (propio) */ formatoCompania:
    'Telcel, Movistar, Unefon, AT&T, Virgin o Bait (o su letra: T, M, U, A, V, B)',
  /** (propio) */ formatoMonto:
    'Número entero en pesos, sin signo ni decimales: uno de los montos de la empresa',
  /** (propio) */ formatoLiderLinea: 'Nombre o número de un líder existente',
  /** (propio) */ formatoClienteLinea: 'Nombre o número de un cliente del líder',
  /** (propio) */ formatoNir: 'Hasta 10 dígitos',
  /** (propio) */ formatoFecha: 'Fecha aaaa/mm/dd',
  /** (propio) */ formatoTexto100: 'Texto de hasta 100 caracteres',
  /** (propio) */ formatoInter: 'Texto de hasta 50 caracteres',
  /** (propio) */ formatoDnOrigen: '10 dígitos, escritos como texto',
  /** (propio) */ formatoNip: '4 dígitos',
  /** (propio) */ formatoUsername: 'Hasta 50 caracteres, sin repetirse en la empresa',
  /** (propio) */ formatoPassword: 'La contraseña con la que el usuario entrará',
  /** (propio) */ formatoNivel: '2 (líder) o 3 (cliente)',
  /** (propio) */ formatoLiderUsuario:
    'Nivel 2: nombre de su líder, existente o nuevo (vacío: su propio nombre). Nivel 3: un líder existente o creado en una fila anterior',
  /** (propio) */ formatoClienteUsuario: 'Nivel 3: un cliente del líder, existente o nuevo',
  /** (propio) */ formatoTelefono: 'Hasta 13 dígitos',
  /** (propio) */ formatoMaxRecargas: 'Recargas por día, de 1 a 1,000,000',
} as const;
