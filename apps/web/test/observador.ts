import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** happy-dom lays nothing out: a test says when the end of a table comes into view. */
class Observador {
  static vivos = new Set<Observador>();
  constructor(private readonly alVer: IntersectionObserverCallback) {}
  observe() {
    Observador.vivos.add(this);
  }
  disconnect() {
    Observador.vivos.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  ver() {
    const entrada = { isIntersecting: true } as IntersectionObserverEntry;
    this.alVer([entrada], this as unknown as IntersectionObserver);
  }
}

/** Replaces IntersectionObserver until vi.unstubAllGlobals(). */
export function simularObservador(): void {
  Observador.vivos.clear();
  vi.stubGlobal('IntersectionObserver', Observador);
}

/** The end of every observed table comes into view. */
export const verFinal = () =>
  act(() => {
    for (const o of Observador.vivos) o.ver();
  });
