// /in/*: app/MarcoPrevio.tsx's frame (bar, drawer, the company's notice), drawn from the copy the
// app keeps ('marco', lib/empresaPublica.ts) before any module has run, so a phone paints the
// notice, the page's largest text, without waiting for the JavaScript (issue 21: LCP). A classic
// file: the CSP allows no inline script. Same markup as MarcoPrevio, whose first render replaces it.
// Async: once React has drawn, it has emptied #root of this script, and nothing is done.
(() => {
  const raiz = document.currentScript?.parentElement;
  const cargando = raiz?.querySelector('p')?.textContent;
  let m = null;
  try {
    m = JSON.parse(localStorage.getItem('marco') ?? 'null');
  } catch {
    return;
  }
  if (!raiz || !m || !localStorage.getItem('token') || m.empresa !== localStorage.getItem('empresa')) return;
  const nuevo = (etiqueta, padre, texto) => {
    const e = document.createElement(etiqueta);
    if (texto) e.textContent = texto;
    padre.append(e);
    return e;
  };
  const marco = document.createElement('div');
  marco.className = 'marco-previo';
  for (const [variable, valor] of [
    ['--primario', m.primario],
    ['--sobre-primario', m.sobrePrimario],
    ['--fondo', m.fondo],
    ['--texto', m.texto],
  ])
    marco.style.setProperty(variable, String(valor));
  nuevo('header', marco, String(m.nombre));
  nuevo('nav', marco);
  const cuerpo = nuevo('div', marco);
  if (m.alerta) {
    const aviso = nuevo('div', cuerpo);
    aviso.className = 'aviso';
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    const trazo = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    trazo.setAttribute('d', 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z');
    svg.append(trazo);
    aviso.append(svg);
    nuevo('p', aviso, String(m.alerta));
  }
  nuevo('p', cuerpo, cargando);
  raiz.replaceChildren(marco);
})();
