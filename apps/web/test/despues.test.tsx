import { cleanup, render } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Despues, EnPartes, Parte } from '../src/ui/Despues.tsx';

afterEach(cleanup);

/** The page's text at each commit of `ui`. */
function textosPorCommit(ui: React.ReactNode) {
  const textos: string[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  render(
    <Profiler id="partes" onRender={() => textos.push(container.textContent ?? '')}>
      {ui}
    </Profiler>,
    { container },
  );
  return { textos, final: container.textContent };
}

describe('a screen drawn in parts (issue 21)', () => {
  it('EnPartes adds one part per commit, in order, up to the last', () => {
    const { textos, final } = textosPorCommit(
      <EnPartes>
        <Parte>a</Parte>
        <Parte>b</Parte>
        <Parte>c</Parte>
      </EnPartes>,
    );
    expect(textos).toEqual(['a', 'ab', 'abc']);
    expect(final).toBe('abc');
  });

  it('Despues draws its children `pasos` commits after the first', () => {
    const { textos, final } = textosPorCommit(
      <>
        x<Despues pasos={3}>y</Despues>
      </>,
    );
    expect(textos).toEqual(['x', 'x', 'x', 'xy']);
    expect(final).toBe('xy');
  });
});
