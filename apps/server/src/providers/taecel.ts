import { CARRIERS, type Carrier } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import type { Bitacora } from '../lib/bitacora.ts';
import { hoyEn, sumarDias } from '../lib/fechas.ts';
import { ConAtt } from './con-att.ts';
import { fallaDeEnvio } from './http.ts';
import type * as puerto from './puerto.ts';
import { NOMBRES } from './reloadly.ts';
import { type ClienteTaecel, centavos, type RespuestaTaecel } from './taecel-cuenta.ts';

/** A product of getProducts as the adapter reads it. */
export interface ProductoTaecel {
  Codigo: string;
  Carrier: string;
  Monto: string;
  Categoria: string;
}

/** A sale of StatusTXN or getSales. */
interface VentaTaecel {
  transID?: unknown;
  Folio?: unknown;
  Status?: unknown;
  Referencia?: unknown;
  Producto?: unknown;
  Monto?: unknown;
  Fecha?: unknown;
}

/** TAECEL's days are Mexico City's: getSales is asked by them. */
const ZONA_TAECEL = 'America/Mexico_City';
const UNA_HORA = 3_600_000;
/** How far from our send a sale of the same number, product and amount may be ours. */
export const VENTANA_MS = 10 * 60_000;

/**
 * A company's own choice of products (the `operadores` of its taecel row, set with
 * `admin -- set-operators`): `T:100` names the product of 100 pesos of Telcel, `T` the one
 * for every amount of Telcel; what it does not name is chosen from getProducts.
 */
export type ProductosElegidos = Readonly<Record<string, string | number>>;

/**
 * The product a top-up goes as: the one the company chose for the carrier (at that amount, or
 * for all), else the airtime product (Categoria 1) of the carrier at exactly that amount, else
 * its open-amount one (Monto 0, the amount sent apart); bundles never unless chosen. A chosen
 * product that getProducts no longer lists takes nothing.
 */
export function elegirProducto(
  lista: readonly ProductoTaecel[],
  carrier: Carrier,
  monto: number,
  elegidos: ProductosElegidos = {},
) {
  const elegido = elegidos[`${carrier}:${monto}`] ?? elegidos[carrier];
  const suyos =
    elegido !== undefined
      ? lista.filter((p) => p.Codigo === String(elegido))
      : lista.filter((p) => String(p.Categoria) === '1' && NOMBRES[carrier].test(p.Carrier));
  const fijo = suyos.find((p) => centavos(p.Monto) === monto * 100);
  if (fijo) return { producto: fijo, abierto: false };
  const abierto = suyos.find((p) => centavos(p.Monto) === 0);
  return abierto ? { producto: abierto, abierto: true } : { producto: undefined, hay: suyos.length > 0 };
}

/** TAECEL's sale statuses onto the port's; the folio we keep is the transID (getSales has it). */
function estadoVenta(v: VentaTaecel): puerto.ResultadoConsulta {
  const status = String(v.Status ?? '');
  if (/^exitosa$/i.test(status)) return { estado: 'aceptada', folio: String(v.transID) };
  if (/^fallida$/i.test(status)) return { estado: 'rechazada', mensaje: M.rechazoProveedor };
  if (/proceso/i.test(status)) return { estado: 'en-proceso' };
  return { estado: 'desconocida', motivo: `status ${status}` };
}

/** An account's products, read from getProducts and kept an hour (one read at a time). */
export class CatalogoTaecel {
  private lista: { productos: ProductoTaecel[]; leida: number } | undefined;
  private leyendo: Promise<ProductoTaecel[]> | undefined;

  constructor(
    private readonly cliente: ClienteTaecel,
    private readonly ahora: () => number = Date.now,
  ) {}

  productos(): Promise<ProductoTaecel[]> {
    if (this.lista && this.ahora() - this.lista.leida < UNA_HORA)
      return Promise.resolve(this.lista.productos);
    this.leyendo ??= this.cliente
      .leer('getProducts')
      .then((data) => {
        if (!Array.isArray(data)) throw new Error('taecel getProducts: sin lista');
        this.lista = { productos: data as ProductoTaecel[], leida: this.ahora() };
        return this.lista.productos;
      })
      .finally(() => {
        this.leyendo = undefined;
      });
    return this.leyendo;
  }
}

/**
 * TAECEL behind the provider port. It has no idempotency key, so RequestTXN is sent once and
 * never again: an answer with a transID is decided by StatusTXN; a timeout or cut connection
 * without one is decided from getSales of that day, by number, product, amount and time, and
 * only when exactly one sale nobody else holds can be ours. Two possible sales leave the row
 * open (`ambigua`), for a person on the reconciliation screen: never re-sent, never failed.
 */
export class ProveedorTaecel extends ConAtt implements puerto.ProveedorRecargas {
  /** Our id -> TAECEL's transID, from the answer or the one sale that matched. */
  private readonly transIDs = new Map<string, string>();

  constructor(
    private readonly cuenta: { cliente: ClienteTaecel; catalogo: CatalogoTaecel } | undefined,
    private readonly elegidos: ProductosElegidos,
    att: puerto.ProveedorPortabilidad,
    private readonly log?: Bitacora,
  ) {
    super(att);
  }

  /** The carrier's amounts as send picks a product (airtime at the amount, else an open one). */
  async catalogo(carrier: Carrier): Promise<puerto.CatalogoMontos | null> {
    if (!this.cuenta) return null;
    const lista = await this.cuenta.catalogo.productos();
    return (monto) => elegirProducto(lista, carrier, monto, this.elegidos).producto !== undefined;
  }

  async send(envio: puerto.Envio): Promise<puerto.ResultadoEnvio> {
    if (!this.cuenta)
      return { estado: 'rechazada', mensaje: M.plataformaSinCredenciales, codigo: 'proveedor_no_disponible' };
    const { cliente, catalogo } = this.cuenta;
    let lista: ProductoTaecel[];
    try {
      lista = await catalogo.productos();
    } catch (e) {
      // Nothing was sent: another platform may take it.
      return { estado: 'no-enviada', motivo: `getProducts: ${e instanceof Error ? e.message : 'error'}` };
    }
    const e = elegirProducto(lista, envio.carrier, envio.monto, this.elegidos);
    if (!e.producto)
      return e.hay
        ? {
            estado: 'rechazada',
            mensaje: texto('montoNoPermitidoOperador', { monto: envio.monto }),
            codigo: 'monto_no_permitido',
          }
        : {
            estado: 'rechazada',
            mensaje: texto('operadorNoDisponible', { carrier: CARRIERS[envio.carrier] }),
            codigo: 'operador_no_disponible',
          };
    let r: RespuestaTaecel;
    try {
      r = await cliente.pedir('RequestTXN', {
        producto: e.producto.Codigo,
        referencia: envio.dn,
        ...(e.abierto ? { monto: String(envio.monto) } : {}),
      });
    } catch (err) {
      return fallaDeEnvio(err);
    }
    const data = (r.cuerpo?.data ?? null) as VentaTaecel | null;
    if (data?.transID != null) this.transIDs.set(envio.id, String(data.transID));
    if (r.status !== 200 || !r.cuerpo) return { estado: 'desconocida', motivo: `http ${r.status}` };
    // A refusal without a transID: TAECEL did not take the sale (a success is never reversed).
    if (r.cuerpo.success !== true)
      return data?.transID != null
        ? { estado: 'desconocida', motivo: 'rechazo con transID' }
        : { estado: 'rechazada', mensaje: M.rechazoProveedor };
    if (data?.transID == null) return { estado: 'desconocida', motivo: 'sin transID' };
    const d = estadoVenta(data);
    return d.estado === 'en-proceso' || d.estado === 'no-encontrada'
      ? { estado: 'desconocida', motivo: d.estado }
      : d;
  }

  async status(id: string, consulta?: puerto.ConsultaEstado): Promise<puerto.ResultadoConsulta> {
    if (!this.cuenta) return { estado: 'desconocida', motivo: 'sin credenciales' };
    try {
      const transID = this.transIDs.get(id);
      if (transID) {
        const r = await this.cuenta.cliente.pedir('StatusTXN', { transID });
        if (r.status !== 200 || r.cuerpo?.success !== true)
          return { estado: 'desconocida', motivo: `http ${r.status}` };
        return estadoVenta({ ...(r.cuerpo.data as VentaTaecel), transID });
      }
      if (!consulta) return { estado: 'desconocida', motivo: 'sin datos del envío' };
      return await this.porVentas(id, consulta);
    } catch (e) {
      return { estado: 'desconocida', motivo: e instanceof Error ? e.name : 'error' };
    }
  }

  /** The sale that can only be this row's, from the sales of the days around its send. */
  private async porVentas(id: string, c: puerto.ConsultaEstado): Promise<puerto.ResultadoConsulta> {
    const { cliente, catalogo } = this.cuenta as NonNullable<ProveedorTaecel['cuenta']>;
    const producto = elegirProducto(await catalogo.productos(), c.carrier, c.monto, this.elegidos).producto
      ?.Codigo;
    const desde = c.enviada.getTime() - VENTANA_MS;
    const hasta = c.enviada.getTime() + VENTANA_MS;
    const dias = new Set([hoyEn(ZONA_TAECEL, new Date(desde)), hoyEn(ZONA_TAECEL, new Date(hasta))]);
    const otras = await c.otras(VENTANA_MS);
    const ajenos = new Set(otras.flatMap((o) => (o.folio ? [o.folio] : [])));
    for (const [otro, t] of this.transIDs) if (otro !== id) ajenos.add(t);
    const otrasAbiertas = otras.filter((o) => o.abierta).length;
    const candidatas: VentaTaecel[] = [];
    for (const fecha of dias) {
      const ventas = await cliente.leer('getSales', { fecha });
      for (const v of Array.isArray(ventas) ? (ventas as VentaTaecel[]) : []) {
        const hora = new Date(String(v.Fecha)).getTime();
        if (
          String(v.Referencia) === c.dn &&
          String(v.Producto) === producto &&
          centavos(v.Monto) === c.monto * 100 &&
          hora >= desde &&
          hora <= hasta &&
          !ajenos.has(String(v.transID))
        )
          candidatas.push(v);
      }
    }
    const [una, ...mas] = candidatas;
    if (!una) return { estado: 'no-encontrada' };
    if (mas.length > 0 || otrasAbiertas > 0) {
      this.log?.warn(
        { id, candidatas: candidatas.map((v) => String(v.transID)), otrasAbiertas },
        'taecel: ambiguous sale, left open for a person',
      );
      return { estado: 'desconocida', motivo: 'ambigua' };
    }
    this.transIDs.set(id, String(una.transID));
    return estadoVenta(una);
  }

  /** The airtime bag as GENERAL (what top-ups draw from) and the services one. */
  async balance(): Promise<puerto.Saldos> {
    if (!this.cuenta) throw new Error('taecel: sin credenciales');
    const data = await this.cuenta.cliente.leer('getBalance');
    const saldos: puerto.Saldos = {};
    for (const b of Array.isArray(data) ? (data as { Bolsa?: unknown; Saldo?: unknown }[]) : []) {
      const c = centavos(b.Saldo);
      if (c === undefined) continue;
      saldos[/aire/i.test(String(b.Bolsa)) ? 'GENERAL' : String(b.Bolsa).toUpperCase()] = c / 100;
    }
    if (!('GENERAL' in saldos)) throw new Error('taecel getBalance: sin bolsa de tiempo aire');
    return saldos;
  }

  /**
   * getSales of the day: the charged sales under their transID (TAECEL never knew our ids). A
   * declined one charged nothing and our failed row holds no transID to match: left out.
   */
  async estadoDeCuenta(dia: string, zona: string): Promise<puerto.FilaEstadoCuenta[]> {
    if (!this.cuenta) throw new Error('taecel: sin credenciales');
    const filas: puerto.FilaEstadoCuenta[] = [];
    for (const fecha of [sumarDias(dia, -1), dia, sumarDias(dia, 1)]) {
      const ventas = await this.cuenta.cliente.leer('getSales', { fecha });
      for (const v of Array.isArray(ventas) ? (ventas as VentaTaecel[]) : []) {
        const d = estadoVenta(v);
        const hora = new Date(String(v.Fecha));
        if (d.estado !== 'aceptada' || hoyEn(zona, hora) !== dia) continue;
        filas.push({
          folio: d.folio,
          id: '',
          dn: String(v.Referencia ?? ''),
          centavos: centavos(v.Monto) ?? 0,
          estado: 'exitosa',
          hora: hora.toISOString(),
        });
      }
    }
    return filas;
  }
}
