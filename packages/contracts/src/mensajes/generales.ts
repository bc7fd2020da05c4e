/** Part of the catalogue M (../mensajes.ts): generic texts, login and session, and the labels of the login and the shell. */
export const MENSAJES_GENERALES = {
  // Generic (section 8)
  errorInesperado: 'Error inesperado, intenta mas tarde o contacta con soporte',
  errorInesperadoLogin: 'Error inesperado, intente mas tarde',
  ocurrioUnError: 'Ocurrio un error',
  sinEmpresa: 'No olvides la empresa en la URL',

  // Login and session (sections 2, 4 and 8)
  credencialesInvalidas: 'Usuario o contraseña incorrectos, intenta de nuevo',
  errorQr: 'Error al generar el código QR',
  tokenExpirado: 'Token expirado',
  tokenInvalido: 'el token NO es valido',
  /** (propio) */ sinToken: 'Debes iniciar sesión para continuar',
  /** (propio) */ cambiarEmpresa: 'Cambiar empresa',
  /** (propio) */ empresaDesconocida: 'La empresa no existe',
  /** (propio) code 13 */ dosPasosConfigurar:
    'Escanea el código QR con tu aplicación de autenticación y después presiona Siguiente',
  /** (propio) code 14 */ dosPasosCodigoNuevo: 'Introduce el código de tu aplicación de autenticación',
  /** (propio) code 15 */ dosPasosCodigo: 'Introduce el código de verificación',
  /** (propio) */ codigoIncorrecto: 'Código de verificación incorrecto, intenta de nuevo',
  /** (propio) */ cuentaBloqueada:
    'Demasiados intentos fallidos. Espera {minutos} minutos e intenta de nuevo',
  /** (propio) */ cuentaBloqueadaSegundos:
    'Demasiados intentos fallidos. Espera {segundos} segundos e intenta de nuevo',
  /** (propio) */ demasiadasSolicitudes: 'Demasiadas solicitudes, espera un momento e intenta de nuevo',
  /** (propio) */ xsrfInvalido: 'Solicitud rechazada por seguridad, recarga la página e intenta de nuevo',
  /** (propio) */ sinPermiso: 'No tienes permiso para realizar esta acción',
  /** (propio) */ noEncontrado: 'No encontrado',
  // Bad input (issue 41): zod's own wording never reaches a user (mensajes/validacion.ts)
  /** (propio) */ datosInvalidos: 'Los datos enviados no son válidos, revisa e intenta de nuevo',
  /** (propio) */ datoFaltante: 'Falta un dato obligatorio',
  /** (propio) */ textoDemasiadoLargo: 'Un texto supera el largo permitido',
  /** (propio) */ valorFueraDeRango: 'Un valor está fuera del rango permitido',
  /** (propio) */ opcionInvalida: 'El valor elegido no es una de las opciones permitidas',
  /** (propio) */ datoInvalidoEn: '{motivo}: {campo}',
  /** (propio) */ codigoSeisDigitos: 'El código de verificación tiene 6 dígitos',
  /** (propio) */ empresaInvalida: 'El código de empresa no es válido',
  /** (propio) */ jsonInvalido: 'El cuerpo de la solicitud no es un JSON válido',
  /** (propio) */ cuerpoDemasiadoGrande: 'La solicitud es demasiado grande',
  /** (propio) */ textoInvalido: 'El texto contiene caracteres no válidos',
  /** (propio) */ sesionCerrada: 'Sesión cerrada',
  /** (propio) */ conexionCerrada: 'La conexión se cerró antes de atender la solicitud',
  // The HTTP client's errors (spec section 8 names the seed's English ones; issue 41: Spanish)
  /** (propio) */ errorRed:
    'No hay conexión con el servidor. Revisa tu conexión a internet e intenta de nuevo',
  /** (propio) */ solicitudAbortada: 'La solicitud se canceló antes de terminar',
  /** (propio) */ tiempoAgotado: 'El servidor no respondió en {segundos} segundos, intenta de nuevo',
  /** (propio) */ servicioNoDisponible:
    'El servicio no está disponible en este momento, intenta de nuevo en unos segundos',
  /** (propio) */ cargando: 'Cargando…',
  /** (propio) */ pantallaEnConstruccion: 'Esta sección estará disponible próximamente.',
  /** (propio) */ pie: 'Todos los derechos reservados',

  // Web labels of the login and shell (spec section 2); web-only texts go below this line
  usuario: 'Usuario',
  contrasena: 'Contraseña',
  iniciarSesion: 'Iniciar sesión',
  enviar: 'Enviar',
  siguiente: 'Siguiente',
  cerrarSesion: 'Cerrar Sesión',
  nuevo: 'Nuevo',
  /** (propio) */ codigoVerificacion: 'Código de verificación',
  /** (propio) */ qrNoEscaneado: 'Aún no escaneo el código QR',
  /** (propio) */ quienesSomos: 'Quiénes somos',
  /** (propio) */ vision: 'Visión',
  /** (propio) */ mision: 'Misión',
  /** (propio) */ abrirMenu: 'Abrir menú',
  subirArchivos: 'Subir archivos',
  recicladoMasivo: 'Reciclado Masivo',
  administrarBase: 'Administrar base de datos',
  recargasMasivas: 'Recargas Masivas',
  recargasPorCarrierMenu: 'Recargas por carrier',
  /** (propio) */ volverAlLogin: 'Ir al inicio de sesión',
  // Installed app and offline page (issue 21)
  /** (propio) */ portalRecargas: 'Portal de recargas',
  /** (propio) */ sinConexionTitulo: 'Sin conexión',
  /** (propio) */ sinConexion:
    'No hay conexión a internet. Revisa tu red de datos o Wi-Fi y vuelve a intentarlo.',
  /** (propio) */ reintentar: 'Reintentar',
} as const;
