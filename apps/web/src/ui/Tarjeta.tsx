import Box from '@mui/material/Box';
import { Fragment, memo, type ReactNode, type Ref } from 'react';
import { contenido, type PartesTarjeta, vacia } from './columnas.ts';

/** The card's look, one class for every card (a card per row of a long list). */
const TARJETA = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  px: 1.5,
  py: 1,
  '& .primera': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: 1.5,
    typography: 'body1',
    overflowWrap: 'anywhere',
  },
  '& .primera > :first-of-type': { fontWeight: 'bold' },
  '& dl': {
    display: 'grid',
    // A long title wraps rather than leave its value a sliver.
    gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)',
    columnGap: 1,
    rowGap: 0.25,
    m: 0,
    mt: 0.5,
    typography: 'body2',
  },
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
  '& .acciones': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 },
} as const;

/** The list the cards go in: no bullets, no indent. */
export const LISTA = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** A card of a virtual list: placed by its offset; the gap below it is part of its measured height. */
const EN_LISTA = { position: 'absolute', top: 0, left: 0, width: '100%', paddingBottom: 8 } as const;

interface PropsTarjeta<F> {
  fila: F;
  indice: number;
  partes: PartesTarjeta<F>;
  /** The virtual list measures the card (its height varies with its fields). */
  medir?: Ref<HTMLLIElement>;
  /** In a virtual list: the card's place from the list's top (px). */
  arriba?: number;
}

/**
 * One row as a card, for screens under 600 px (issue 41): the first line holds what the user
 * came for, then each other non-empty field under its title, then the row's buttons. Nothing
 * is wider than the phone, so nothing needs a sideways swipe.
 */
export const Tarjeta = memo(function Tarjeta<F>(props: PropsTarjeta<F>) {
  const { fila, indice, partes } = props;
  const acciones = partes.acciones.map((c) => [c.llave, contenido(c, fila, indice)] as const);
  return (
    <li
      ref={props.medir}
      data-index={indice}
      style={
        props.arriba === undefined
          ? { paddingBottom: 8 }
          : { ...EN_LISTA, transform: `translateY(${props.arriba}px)` }
      }
    >
      <Box sx={TARJETA}>
        <div className="primera">
          {partes.primeras.map((c) => (
            <span key={c.llave}>{contenido(c, fila, indice)}</span>
          ))}
        </div>
        <dl>
          {partes.resto.map((c) => {
            const v = contenido(c, fila, indice);
            return vacia(v) ? null : (
              <Fragment key={c.llave}>
                <dt>{c.valor}</dt>
                <dd>{v}</dd>
              </Fragment>
            );
          })}
        </dl>
        {acciones.some(([, v]) => !vacia(v)) && (
          <div className="acciones">
            {acciones.map(([llave, v]) => (
              <Fragment key={llave}>{v}</Fragment>
            ))}
          </div>
        )}
      </Box>
    </li>
  );
}) as <F>(p: PropsTarjeta<F>) => ReactNode;
