import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

// The service worker keeps the app shell and the offline page, and shows the push notifications
// (the notifications code registers the same worker when it subscribes).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined),
  );
}

const raiz = document.getElementById('root');
if (!raiz) throw new Error('falta #root');
// A transition: React draws the app in short slices between which the phone stays responsive,
// not in tasks as long as the whole shell (issue 21: blocking time).
const raizReact = createRoot(raiz);
startTransition(() =>
  raizReact.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
