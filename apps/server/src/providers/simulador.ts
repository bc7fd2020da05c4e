import { type Alteracion, estadoDeCuentaDe } from './estado-cuenta.ts';
import type {
  DetallePortaProveedor,
  Envio,
  Rechazo,
  ResultadoActivacion,
  ResultadoConsulta,
  ResultadoDetallePorta,
  ResultadoEstatusActivacion,
  ResultadoPorta,
  Saldos,
  SolicitudPorta,
} from './puerto.ts';

/** Faults a test or benchmark can inject; rates are 0..1 per send. */
export interface Fallas {
  /** Added to every answer. */
  latenciaMs: number;
  /** Processed, but the answer comes after the client gave up. */
  tasaTimeout: number;
  /** 500 before processing (half) or after processing (half): the client cannot tell. */
  tasa5xx: number;
  /** Processed, then the connection is cut without an answer. */
  tasaCaida: number;
  /** Declined by the carrier. */
  tasaRechazo: number;
  /** The outcome stays 'en-proceso' this long after a send, then is known. */
  demoraResultadoMs: number;
  /** Its clock runs this far behind ours: a test's top-ups fall on a past day of its statement. */
  desfaseRelojMs?: number;
  /** Seed of the fault dice, so a run can be repeated. */
  semilla: number;
  /** Added to every portability detail answer (ATT's detail server is slow: the screen's spinner). */
  latenciaDetalleMs: number;
  /** Down: every send is refused before a connection opens (in process; over HTTP, close the listener). */
  sinConexion?: boolean;
}

export const SIN_FALLAS: Fallas = {
  latenciaMs: 0,
  tasaTimeout: 0,
  tasa5xx: 0,
  tasaCaida: 0,
  tasaRechazo: 0,
  demoraResultadoMs: 0,
  semilla: 1,
  latenciaDetalleMs: 0,
};

/** Pesos in each bag of a simulated account unless SIMULADOR_SALDO says otherwise. */
export const SALDO_SIMULADO = 1_000_000;

/**
 * Starting balances of a simulated account: Pagaqui has two bags, Recargatodo one, each of
 * `saldo` pesos (SIMULADOR_SALDO; a long benchmark would exhaust the default).
 */
export const saldosIniciales = (cuenta: string, saldo = SALDO_SIMULADO): Saldos =>
  cuenta.endsWith('pagaqui') ? { MOVISTAR: saldo, IUSA_UNEFON: saldo } : { GENERAL: saldo };

/** What the transport does with one send after the dice are cast. */
export type Transporte = 'normal' | 'timeout' | 'caida' | '5xx-antes' | '5xx-despues';

interface Asiento {
  envio: Envio;
  recibidos: number;
  /** When it first arrived: the day of its statement row. */
  recibida: number;
  resultado: { estado: 'aceptada'; folio: string } | Rechazo;
  listoEn: number;
}

/** mulberry32: small, fast and repeatable. */
function dados(semilla: number) {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A top-up provider in memory: keeps its own ledger (how many times each id arrived), balances
 * per bag, and answers by id idempotently, as the real ones are asked to. Tests compare its
 * ledger with ours: an id received twice is a double send.
 */
export class Simulador {
  private libro = new Map<string, Asiento>();
  private saldos: Saldos;
  private azar: () => number;
  private folio = 100000;
  private activaciones = new Map<string, string>();
  private portas = new Map<string, DetallePortaProveedor>();
  /** Mismatches injected into the statement (tests of reconciliation). */
  private alteraciones: Alteracion[] = [];

  constructor(
    private fallas: Fallas = SIN_FALLAS,
    private readonly iniciales: Saldos = saldosIniciales('recargatodo'),
  ) {
    this.saldos = { ...iniciales };
    this.azar = dados(fallas.semilla);
  }

  configurar(fallas: Partial<Fallas>, saldos?: Saldos) {
    this.fallas = { ...this.fallas, ...fallas };
    if (fallas.semilla !== undefined) this.azar = dados(fallas.semilla);
    if (saldos) this.saldos = { ...saldos };
  }

  get configuracion(): Fallas {
    return { ...this.fallas };
  }

  /** Casts the transport dice for one send. */
  transporte(): Transporte {
    const f = this.fallas;
    const r = this.azar();
    if (r < f.tasaTimeout) return 'timeout';
    if (r < f.tasaTimeout + f.tasaCaida) return 'caida';
    if (r < f.tasaTimeout + f.tasaCaida + f.tasa5xx) return this.azar() < 0.5 ? '5xx-antes' : '5xx-despues';
    return 'normal';
  }

  /** Bag of a carrier: Movistar has its own, the rest share IUSA_UNEFON, or GENERAL when that is all. */
  private bolsa(envio: Envio): string {
    if ('GENERAL' in this.saldos) return 'GENERAL';
    return envio.carrier === 'M' ? 'MOVISTAR' : 'IUSA_UNEFON';
  }

  /** Receives one send: the first time it decides and charges; a repeat only counts and answers. */
  recibir(envio: Envio): Asiento {
    const previo = this.libro.get(envio.id);
    if (previo) {
      previo.recibidos++;
      return previo;
    }
    const bolsa = this.bolsa(envio);
    const saldo = this.saldos[bolsa] ?? 0;
    let resultado: Asiento['resultado'];
    if (this.azar() < this.fallas.tasaRechazo) {
      resultado = {
        estado: 'rechazada',
        mensaje: 'Número no válido para recarga',
        codigo: 'numero_invalido',
      };
    } else if (saldo < envio.monto) {
      resultado = {
        estado: 'rechazada',
        mensaje: 'Saldo insuficiente en la plataforma',
        codigo: 'saldo_insuficiente',
      };
    } else {
      this.saldos[bolsa] = saldo - envio.monto;
      resultado = { estado: 'aceptada', folio: String(++this.folio) };
    }
    const asiento = {
      envio,
      recibidos: 1,
      recibida: Date.now() - (this.fallas.desfaseRelojMs ?? 0),
      resultado,
      listoEn: Date.now() + this.fallas.demoraResultadoMs,
    };
    this.libro.set(envio.id, asiento);
    return asiento;
  }

  consultar(id: string): ResultadoConsulta {
    const a = this.libro.get(id);
    if (!a) return { estado: 'no-encontrada' };
    if (Date.now() < a.listoEn) return { estado: 'en-proceso' };
    return a.resultado;
  }

  /** The answer to a send: decided, or still in process when the outcome comes later. */
  respuesta(a: Asiento): ResultadoConsulta {
    return Date.now() < a.listoEn ? { estado: 'en-proceso' } : a.resultado;
  }

  /** What arrived first under an id (tests check the platform user it carried). */
  envio(id: string): Envio | undefined {
    return this.libro.get(id)?.envio;
  }

  balance(): Saldos {
    return { ...this.saldos };
  }

  /** The ledger: times each id arrived, and the ids charged. */
  registro() {
    const recibidos: Record<string, number> = {};
    let cobrado = 0;
    for (const [id, a] of this.libro) {
      recibidos[id] = a.recibidos;
      if (a.resultado.estado === 'aceptada') cobrado += a.envio.monto;
    }
    return { recibidos, cobrado };
  }

  /** The daily statement (issue 22): from the ledger, with the injected mismatches. */
  estadoDeCuenta(dia: string, zona: string) {
    return estadoDeCuentaDe(this.libro.values(), this.alteraciones, dia, zona);
  }

  alterarEstadoCuenta(a: Alteracion) {
    this.alteraciones.push(a);
  }

  /**
   * ATT's activation of a SIM: a valid ICC always gets the same number (repeats are harmless);
   * an ICC that is not 19 or 20 digits does not exist there.
   */
  activar(icc: string): ResultadoActivacion {
    if (!/^\d{19,20}$/.test(icc)) return { estado: 'rechazada', mensaje: 'El icc no existe en ATT' };
    let dn = this.activaciones.get(icc);
    if (!dn) {
      dn = `56${icc.slice(-8)}`;
      this.activaciones.set(icc, dn);
    }
    return { estado: 'aceptada', dn };
  }

  /**
   * ATT's record of a SIM: the ones activated here, and (so the demo inventory has answers)
   * every valid ICC ending in an even digit as activated before the simulator started; the rest
   * are not active yet.
   */
  estatusActivacion(icc: string): ResultadoEstatusActivacion {
    if (!/^\d{19,20}$/.test(icc)) return { estado: 'inactiva' };
    const dn =
      this.activaciones.get(icc) ?? (Number(icc.at(-1)) % 2 === 0 ? `56${icc.slice(-8)}` : undefined);
    if (!dn) return { estado: 'inactiva' };
    return {
      estado: 'activa',
      estatus: {
        ResponseCode: '0',
        dnPermanente: dn,
        fechaCreacion: new Date(Date.UTC(2026, 0, 1 + (Number(icc.slice(-3)) % 300)))
          .toISOString()
          .slice(0, 10),
        organizacion: 'ATT Mexico',
        subinventario: `SUB-${icc.slice(-4)}`,
        marca: 'AT&T',
        kit: `KIT-${icc.slice(-6)}`,
      },
    };
  }

  /**
   * ATT's portability: the origin number moves onto the SIM's number. The NIP 0000 is always
   * refused (how a test or the demo shows a failed port); a repeat of an accepted request
   * answers the same reference.
   */
  portar(s: SolicitudPorta): ResultadoPorta {
    const ahora = new Date().toISOString();
    const previo = this.portas.get(s.dnDestino);
    if (previo?.estado === 'PORTADO') return { estado: 'aceptada', referencia: previo.refExterna1 };
    const rechazo = !/^\d{4}$/.test(s.nip) || s.nip === '0000' ? 'NIP incorrecto' : undefined;
    this.portas.set(s.dnDestino, {
      telefonoAPortar: s.dnOrigen,
      telefonoDestino: s.dnDestino,
      fechaCrea: previo?.fechaCrea ?? ahora,
      fechaModifica: ahora,
      refExterna1: previo?.refExterna1 ?? `ATT-${++this.folio}`,
      estado: rechazo ? 'RECHAZADO' : 'PORTADO',
      comentarios: rechazo ?? 'Portabilidad concluida',
    });
    const d = this.portas.get(s.dnDestino) as DetallePortaProveedor;
    return rechazo
      ? { estado: 'rechazada', mensaje: rechazo }
      : { estado: 'aceptada', referencia: d.refExterna1 };
  }

  /**
   * The detail of a number. Numbers ported through this simulator answer what happened; any
   * other 10-digit number answers as ported before it started (the demo rows), so every
   * screen has data; anything else is unknown.
   */
  detallePorta(dn: string): ResultadoDetallePorta {
    const d = this.portas.get(dn);
    if (d) return { estado: 'encontrado', detalle: { ...d } };
    if (!/^\d{10}$/.test(dn)) return { estado: 'no-encontrado' };
    const fecha = new Date(Date.UTC(2026, 0, 1 + (Number(dn.slice(-3)) % 90))).toISOString();
    return {
      estado: 'encontrado',
      detalle: {
        telefonoAPortar: `55${dn.slice(-8)}`,
        telefonoDestino: dn,
        fechaCrea: fecha,
        fechaModifica: fecha,
        refExterna1: `ATT-${dn.slice(-6)}`,
        estado: 'PORTADO',
        comentarios: 'Portabilidad concluida',
      },
    };
  }

  reiniciar() {
    this.activaciones.clear();
    this.portas.clear();
    this.libro.clear();
    this.alteraciones = [];
    this.saldos = { ...this.iniciales };
    this.azar = dados(this.fallas.semilla);
  }
}
