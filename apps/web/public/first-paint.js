// ADR 022: a page the server wrote is on screen before its code runs. The server puts this
// script in place of the app's entry on such a page, and no other script: once the browser
// reports the page's first contentful paint, it preloads the page's scripts (`data-preload`: the
// entry's imports and the page's own chunks, fetched side by side) and starts the entry
// (`data-app`). Until then the stylesheets and images that paint the page have the network to
// themselves.
//
// A tap on a button before the app runs would be lost (links work as plain links): the last one
// is held and replayed on the same element once `<html data-app-ready>` says the app has taken
// the page over. Hydration keeps the server's elements, so the element is still the one tapped;
// a page the app writes anew (another language) drops it.
(() => {
  const script = document.currentScript;
  const app = script?.getAttribute('data-app');
  if (!app) return;
  holdEarlyTaps();
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

function holdEarlyTaps() {
  const root = document.documentElement;
  const TAPPABLE = 'button, [role="button"], [role="tab"], [role="switch"], summary';
  let held = null;
  const hold = (event) => {
    const target = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
    if (!target || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  document.addEventListener('click', hold, true);
  new MutationObserver((_records, observer) => {
    if (!root.hasAttribute('data-app-ready')) return;
    observer.disconnect();
    document.removeEventListener('click', hold, true);
    const tapped = held;
    held = null;
    // After the commit that set the mark, so the element's handlers are attached.
    if (tapped?.isConnected) setTimeout(() => tapped.click());
  }).observe(root, { attributes: true, attributeFilter: ['data-app-ready'] });
}
