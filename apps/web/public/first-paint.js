// ADR 022: a page the server wrote is on screen before its code runs. The server puts this
// script in place of the app's entry on such a page: the entry (already being fetched, by its
// modulepreload) starts once the browser reports the page's first contentful paint, so that
// paint never waits for the code to run.
(() => {
  const app = document.currentScript?.getAttribute('data-app');
  if (!app) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
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
