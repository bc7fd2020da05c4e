import { setFlagsFromString } from 'node:v8';

let enCurso = 0;

/**
 * Runs a long read or write of many rows (an Excel export, an upload) with V8's full GCs paced at
 * 50 % heap growth. pg's promise-form queries keep every page of rows alive through young GCs, so
 * they reach the old generation, and V8's default pacing let that garbage grow to ~4× the live
 * heap (+150 MiB on a 1,000,000-row export). Only while one runs: for the whole process, that
 * pacing took ~10 % of the top-ups a second (bench:topups), whose garbage dies young. V8 reads
 * the flag at each full GC; 0 is its default, its own pacing.
 */
export async function conGcFrecuente<T>(trabajo: () => Promise<T>): Promise<T> {
  if (enCurso++ === 0) setFlagsFromString('--heap-growing-percent=50');
  try {
    return await trabajo();
  } finally {
    if (--enCurso === 0) setFlagsFromString('--heap-growing-percent=0');
  }
}
