import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app.tsx';
import { AppRoutes, preloadPage } from './app/routes.tsx';
import './index.css';

// A tab opened before a deploy asks for chunks that are gone (404): load the new build, once.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'rankwise.reloadedForChunk';
  try {
    if (sessionStorage.getItem(key) === location.pathname) return;
    sessionStorage.setItem(key, location.pathname);
  } catch {
    return;
  }
  event.preventDefault();
  location.reload();
});

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
const root = document.getElementById('root')!;
// A results page's loading frame (data-placeholder) is replaced by the first render, not hydrated.
if (root.firstElementChild && !root.hasAttribute('data-placeholder')) {
  // A prerendered page (scripts/prerender.ts): hydrate at once. The page's own part stays as
  // prerendered until its code arrives, then hydrates; a click on it meanwhile is replayed.
  void preloadPage(location.pathname).catch(() => {});
  hydrateRoot(root, app);
} else {
  // The page's code first, then one render: no empty page, no footer jumping down, the frame
  // replaced by the same frame.
  // In a transition: React renders it in slices, not in one long task on a slow phone.
  void preloadPage(location.pathname)
    .catch(() => {})
    .then(() => startTransition(() => createRoot(root).render(app)));
}
