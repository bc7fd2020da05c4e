/**
 * The one date-time format of the portal (issue 41, ARCHITECTURE "Dates"): yyyy/mm/dd HH:mm:ss,
 * 24 h, on the clock of the company's time zone, the same in the browser, the spreadsheets and
 * the notifications. Days are cut at midnight of that zone.
 */

/** A company without a zone of its own keeps Mexico City's (AJUSTES_POR_DEFECTO.zonaHoraria). */
export const ZONA_POR_DEFECTO = 'America/Mexico_City';

export type Instante = string | number | Date;

// A formatter per zone: building one costs far more than using it (a list formats hundreds).
const formateadores = new Map<string, Intl.DateTimeFormat>();

function formateador(zona: string): Intl.DateTimeFormat {
  let f = formateadores.get(zona);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zona,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // An unknown zone in a company's settings must not blank every date: the default's clock.
      f = formateador(ZONA_POR_DEFECTO);
    }
    formateadores.set(zona, f);
  }
  return f;
}

/**
 * Zones with one UTC offset (minutes) since Mexico dropped daylight saving (Chihuahua last, on
 * 2022-11-30): their clock is plain arithmetic. Building the first Intl formatter of a zone costs
 * a phone about 80 ms of main thread (issue 21), in the task that draws the last movements.
 */
const FIJAS: Record<string, number> = {
  'America/Mexico_City': -360,
  'America/Monterrey': -360,
  'America/Merida': -360,
  'America/Chihuahua': -360,
  'America/Bahia_Banderas': -360,
  'America/Mazatlan': -420,
  'America/Hermosillo': -420,
  'America/Cancun': -300,
  UTC: 0,
};
const FIJAS_DESDE = Date.UTC(2022, 11, 1);

const dos = (n: number) => String(n).padStart(2, '0');

/** The wall clock of an instant in `zona`, each part two digits (the year four), or undefined. */
export function relojEn(instante: Instante, zona: string = ZONA_POR_DEFECTO) {
  const d = instante instanceof Date ? instante : new Date(instante);
  const t = d.getTime();
  if (Number.isNaN(t)) return undefined;
  const fija = FIJAS[zona];
  if (fija !== undefined && t >= FIJAS_DESDE) {
    const l = new Date(t + fija * 60_000);
    return {
      anio: String(l.getUTCFullYear()),
      mes: dos(l.getUTCMonth() + 1),
      dia: dos(l.getUTCDate()),
      hora: dos(l.getUTCHours()),
      min: dos(l.getUTCMinutes()),
      seg: dos(l.getUTCSeconds()),
    };
  }
  return relojIntl(d, zona);
}

function relojIntl(d: Date, zona: string) {
  const p: Record<string, string> = {};
  for (const x of formateador(zona).formatToParts(d)) p[x.type] = x.value;
  return {
    anio: p.year ?? '',
    mes: p.month ?? '',
    dia: p.day ?? '',
    hora: p.hour ?? '',
    min: p.minute ?? '',
    seg: p.second ?? '',
  };
}

const vacio = (v: Instante | null | undefined): v is null | undefined | '' =>
  v === null || v === undefined || v === '';

/**
 * yyyy/mm/dd HH:mm:ss in `zona` (HH:mm with `segundos` false); '' for none, and the text itself
 * when it is not an instant (a provider's free text stays readable).
 */
export function fechaHora(
  instante: Instante | null | undefined,
  zona: string = ZONA_POR_DEFECTO,
  segundos = true,
): string {
  if (vacio(instante)) return '';
  const r = relojEn(instante, zona);
  if (!r) return String(instante);
  const hora = segundos ? `${r.hora}:${r.min}:${r.seg}` : `${r.hora}:${r.min}`;
  return `${r.anio}/${r.mes}/${r.dia} ${hora}`;
}

/** yyyy/mm/dd of an instant in `zona`; '' for none. */
export function fecha(instante: Instante | null | undefined, zona: string = ZONA_POR_DEFECTO): string {
  if (vacio(instante)) return '';
  const r = relojEn(instante, zona);
  return r ? `${r.anio}/${r.mes}/${r.dia}` : String(instante);
}

/** The company-local day an instant falls in, yyyy-mm-dd (a day is cut at midnight in `zona`). */
export function diaEn(instante: Instante, zona: string = ZONA_POR_DEFECTO): string {
  const r = relojEn(instante, zona);
  return r ? `${r.anio}-${r.mes}-${r.dia}` : '';
}

/** A calendar day yyyy-mm-dd as the screens write it, yyyy/mm/dd (a day has no zone). */
export const diaConDiagonales = (dia: string) => dia.replaceAll('-', '/');

const RELOJ = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * The instant (ms) a wall-clock text without a zone — yyyy-mm-dd or yyyy/mm/dd, then HH:mm(:ss) —
 * names on the clock of `zona` (a provider's statement written in the company's time); NaN when
 * it is not such a text.
 */
export function instanteDeReloj(texto: string, zona: string = ZONA_POR_DEFECTO): number {
  const m = RELOJ.exec(texto.trim());
  if (!m) return Number.NaN;
  const [a, me, d, h = 0, mi = 0, s = 0] = m.slice(1).map((x) => Number(x ?? 0));
  const comoUtc = Date.UTC(a as number, (me as number) - 1, d, h, mi, s);
  // How far the zone's clock is ahead of UTC at t; asked twice, for a change of offset between.
  const adelanto = (t: number) => {
    const r = relojEn(t, zona);
    return r ? Date.UTC(+r.anio, +r.mes - 1, +r.dia, +r.hora, +r.min, +r.seg) - t : 0;
  };
  const t = comoUtc - adelanto(comoUtc);
  return comoUtc - adelanto(t);
}
