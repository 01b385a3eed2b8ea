import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { reloadOnce } from './lib/chunk-reload';
import './styles.css';

// Vite's modulepreload of a chunk that no longer exists (after a deploy): reload once.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnce();
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
