import { type Kysely, sql } from 'kysely';

/** A section of a release note: a title and paragraphs, each with an optional image (file name). */
interface Seccion {
  tittle: string;
  children: { description: string; image?: string }[];
}
interface Nota {
  id: number;
  fecha: string;
  titulo: string;
  archivo: string;
  descripciones: string[];
  secciones: Seccion[];
}

/**
 * The five release notes of spec section 2, written in Spanish. Images are files served from
 * /notas/<id>/<file> (apps/web/public/notas).
 */
export const NOTAS: Nota[] = [
  {
    id: 1,
    fecha: '2023-01-25',
    titulo: 'Permiso para ver los montos',
    archivo: 'permiso-montos',
    descripciones: ['Los administradores ya pueden decidir qué usuarios ven los montos de las recargas.'],
    secciones: [
      {
        tittle: 'Interruptor Permiso Monto',
        children: [
          {
            description:
              'En la lista de usuarios aparece la columna Permiso Monto con un interruptor por usuario. Al activarlo, el usuario ve los montos; al desactivarlo, los montos se ocultan en sus pantallas.',
            image: 'permiso-monto.svg',
          },
          {
            description:
              'El interruptor solo está disponible para administradores de nivel 1 con el permiso de montos.',
          },
        ],
      },
    ],
  },
  {
    id: 2,
    fecha: '2023-10-18',
    titulo: 'Registro de usuarios por archivo y reciclado masivo',
    archivo: 'usuarios-archivo-reciclado',
    descripciones: ['Dos novedades para ahorrar tiempo en las tareas de todos los días.'],
    secciones: [
      {
        tittle: 'Registrar usuarios desde un archivo',
        children: [
          {
            description:
              'En Subir archivos, la acción Registrar Usuarios da de alta muchos usuarios a la vez con un archivo .xlsx. Descarga la plantilla, llénala y súbela.',
          },
        ],
      },
      {
        tittle: 'Reciclado masivo',
        children: [
          {
            description:
              'La nueva sección Reciclado Masivo muestra las líneas pendientes por reciclar. Puedes reciclarlas todas con un clic o, una por una, Reciclar u Olvidar.',
            image: 'reciclado.svg',
          },
        ],
      },
    ],
  },
  {
    id: 3,
    fecha: '2023-11-02',
    titulo: 'Usuarios administradores',
    archivo: 'usuarios-administradores',
    descripciones: [
      'Por seguridad, desde hoy ya no se pueden crear ni editar usuarios de nivel administrador desde el portal.',
    ],
    secciones: [
      {
        tittle: '¿Qué cambia?',
        children: [
          {
            description:
              'En el formulario de usuarios ya no aparece el tipo administrador, y los administradores existentes se muestran solo para consulta.',
          },
          {
            description: 'Si necesitas un nuevo administrador o cambiar uno existente, contacta a soporte.',
          },
        ],
      },
    ],
  },
  {
    id: 4,
    fecha: '2024-01-24',
    titulo: 'Reporte de ventas: límite de 93 días y nuevas columnas',
    archivo: 'reporte-ventas',
    descripciones: ['El reporte de ventas es más rápido y muestra más información.'],
    secciones: [
      {
        tittle: 'Rango máximo de 93 días',
        children: [
          {
            description:
              'La consulta admite un rango de hasta 93 días entre la fecha inicial y la final, y una fecha inicial de hasta 400 días de antigüedad. Si necesitas un rango mayor, contacta al área de ventas.',
          },
        ],
      },
      {
        tittle: 'Columnas nuevas',
        children: [
          {
            description:
              'Se agregan las columnas Lider Origen, Cliente Origen, Nombre Origen y Tipo Recarga, para saber de quién era la línea recargada.',
            image: 'columnas.svg',
          },
        ],
      },
    ],
  },
  {
    id: 5,
    fecha: '2025-01-07',
    titulo: 'Nuevos carriers: Bait y Virgin',
    archivo: 'bait-virgin',
    descripciones: ['Ya puedes recargar líneas de Bait y de Virgin desde el portal.'],
    secciones: [
      {
        tittle: 'Recargas de Bait y Virgin',
        children: [
          {
            description:
              'En la pantalla de recargas, elige Bait o Virgin en Compañía. También puedes asignarles una plataforma en Recargas por tipo de carrier y un comentario en Comentarios por tipo de carrier.',
            image: 'carriers.svg',
          },
        ],
      },
    ],
  },
];

/**
 * Release notes (product-wide data, read state per user), and notifications: push
 * subscriptions (one per browser), the in-app list, the deliveries of each notification per
 * channel (one per crossing and recipient, by key) and the e-mail recipients of a company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('actualizaciones')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('fecha', 'date', (c) => c.notNull())
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('archivo', 'text', (c) => c.notNull())
    .addColumn('descripciones', 'jsonb', (c) => c.notNull())
    .addColumn('secciones', 'jsonb', (c) => c.notNull())
    .execute();
  await db
    .insertInto('actualizaciones' as never)
    .values(
      NOTAS.map((n) => ({
        id: n.id,
        fecha: n.fecha,
        titulo: n.titulo,
        archivo: n.archivo,
        descripciones: JSON.stringify(n.descripciones),
        secciones: JSON.stringify(n.secciones),
      })) as never,
    )
    .execute();
  await db.schema
    .createTable('actualizaciones_leidas')
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuarios.id'))
    .addColumn('actualizacion_id', 'integer', (c) => c.notNull().references('actualizaciones.id'))
    .addColumn('leida', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('actualizaciones_leidas_pk', ['usuario_id', 'actualizacion_id'])
    .execute();

  await db.schema
    .createTable('suscripciones_push')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuarios.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique().check(sql`length(endpoint) <= 2000`))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('suscripciones_push_usuario')
    .on('suscripciones_push')
    .columns(['empresa_id', 'usuario_id'])
    .execute();

  await db.schema
    .createTable('notificaciones')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuarios.id'))
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('cuerpo', 'text', (c) => c.notNull())
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('leida', 'timestamptz')
    .addUniqueConstraint('notificaciones_usuario_clave', ['usuario_id', 'clave'])
    .execute();
  await db.schema
    .createIndex('notificaciones_usuario_id')
    .on('notificaciones')
    .columns(['empresa_id', 'usuario_id', 'id desc'])
    .execute();

  await db.schema
    .createTable('entregas')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('canal', 'text', (c) => c.notNull().check(sql`canal in ('webpush', 'correo')`))
    .addColumn('destino', 'text', (c) => c.notNull())
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('cuerpo', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pendiente')
        .check(sql`estado in ('pendiente', 'enviando', 'enviada', 'fallida')`),
    )
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('terminada', 'timestamptz')
    .addUniqueConstraint('entregas_clave_canal_destino', ['empresa_id', 'clave', 'canal', 'destino'])
    .execute();
  await sql`create index entregas_pendientes on entregas (id) where estado = 'pendiente'`.execute(db);

  await db.schema
    .createTable('correos_notificacion')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('correo', 'text', (c) => c.notNull().check(sql`length(correo) <= 254`))
    .addPrimaryKeyConstraint('correos_notificacion_pk', ['empresa_id', 'correo'])
    .execute();
}
