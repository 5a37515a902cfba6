// ADR 022: a page the server wrote is on screen before its code runs. The server puts this
// script in place of the app's entry on such a page, and no other script: once the browser
// reports the page's first contentful paint, it preloads the page's scripts (`data-preload`: the
// entry's imports and the page's own chunks, fetched side by side) and starts the entry
// (`data-app`). Until then the stylesheets and images that paint the page have the network to
// themselves.
(() => {
  const script = document.currentScript;
  const app = script?.getAttribute('data-app');
  if (!app) return;
  const preloads = (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    void import(app);
  };
  const painted = () =>
    performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
  if (document.visibilityState === 'hidden' || painted()) {
    start();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
      observer.disconnect();
      start();
    }
  }).observe({ type: 'paint' });
  // A browser that reports no paint still starts the app.
  setTimeout(start, 3000);
})();
